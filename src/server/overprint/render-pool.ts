import { Worker } from 'node:worker_threads';
import type { ApplicationRecord, OverprintDocument } from '../../domain/api/overprint';

/** One PDF to print: what printDocuments takes. */
export interface RenderJob {
  record: ApplicationRecord;
  documents: readonly OverprintDocument[];
  printedAt: Date;
}

/** What the main thread sends a render thread: the job, its instant as a number. */
export interface RenderRequest extends Omit<RenderJob, 'printedAt'> {
  printedAt: number;
}

/**
 * What a render thread says: that it has loaded and takes jobs, or a job's PDF bytes, or the name of the
 * error that stopped the job.
 */
export type RenderAnswer = { ready: true } | { pdf: Uint8Array } | { failed: string };

/** Whose print it is: a visitor's (the overprint) or a staff member's (a case's documents). */
export type RenderLane = 'visitor' | 'staff';

export interface Renderer {
  /**
   * the PDF; rejects with {@link RenderQueueFull} at once when every thread is busy and the lane's places
   * to wait are taken
   */
  render(job: RenderJob, lane?: RenderLane): Promise<Buffer>;
  /** ends the threads; jobs still waiting or rendering are rejected */
  close(): Promise<void>;
}

export interface RenderPoolOptions {
  /** render threads at most, started when first needed */
  threads: number;
  /** visitors' jobs that may wait for a thread; one more is refused */
  queue: number;
  /** staff jobs that may wait besides them (half as many as visitors' unless given) */
  staffQueue?: number;
  /** a render taking longer, counted from when its thread has loaded, ends the thread and fails */
  timeoutMs?: number;
  /** the thread's module (tests give one that fails) */
  entry?: URL;
}

/** A job refused because every render thread is busy and the queue is full. */
export class RenderQueueFull extends Error {
  override name = 'RenderQueueFull';
}

/** A job its thread could not finish: printDocuments threw, the thread died, or it took too long. */
export class RenderFailed extends Error {
  override name = 'RenderFailed';
}

const RENDER_TIMEOUT_MS = 30_000;

// In src/ (tsx, Vitest) the thread runs the TypeScript module; the server build emits it beside main.js
// as pdf-worker.js (vite.server.config.ts).
const PDF_WORKER = new URL(
  import.meta.url.endsWith('.ts') ? './pdf-worker.ts' : './pdf-worker.js',
  import.meta.url,
);

interface Pending {
  job: RenderJob;
  resolve(pdf: Buffer): void;
  reject(error: Error): void;
}

interface Thread {
  worker: Worker;
  /** the thread has loaded its modules: a job's time runs from then */
  ready: boolean;
  busy?: Pending & { timer?: NodeJS.Timeout };
}

/**
 * PDFs rendered on a bounded pool of worker threads with bounded queues: the request thread only sends
 * the record and receives the bytes. A thread that dies or hangs is dropped and its job fails; the next job
 * starts a new one. Staff prints wait apart, in a shorter queue, and a thread that comes free takes a
 * visitor's job first: however much staff print, a visitor's print finds as many places as before and
 * waits behind at most the renders already under way.
 */
export function createRenderPool({
  threads: size,
  queue: queueLimit,
  staffQueue: staffLimit = Math.floor(queueLimit / 2),
  timeoutMs = RENDER_TIMEOUT_MS,
  entry = PDF_WORKER,
}: RenderPoolOptions): Renderer {
  const threads = new Set<Thread>();
  const waiting: Record<RenderLane, Pending[]> = { visitor: [], staff: [] };
  const limits: Record<RenderLane, number> = { visitor: queueLimit, staff: staffLimit };
  let closed = false;

  function start(): Thread {
    const thread: Thread = { worker: spawn(entry), ready: false };
    const { worker } = thread;
    // an idle thread keeps no process alive; a job's timer does while it renders
    worker.unref();
    // loading has a time of its own, as long as a render's
    const loading = setTimeout(() => void worker.terminate(), timeoutMs).unref();
    worker.on('message', (answer: RenderAnswer) => {
      if ('ready' in answer) {
        clearTimeout(loading);
        thread.ready = true;
        if (thread.busy) startTimer(thread);
        return;
      }
      const done = thread.busy;
      if (!done) return;
      clearTimeout(done.timer);
      thread.busy = undefined;
      if ('pdf' in answer)
        done.resolve(Buffer.from(answer.pdf.buffer, answer.pdf.byteOffset, answer.pdf.byteLength));
      else done.reject(new RenderFailed(`render failed: ${answer.failed}`));
      next();
    });
    // an uncaught error ends the thread; 'exit' follows and settles its job
    worker.on('error', () => {});
    worker.on('exit', () => {
      clearTimeout(loading);
      threads.delete(thread);
      const lost = thread.busy;
      if (!lost) return;
      clearTimeout(lost.timer);
      lost.reject(new RenderFailed('render thread ended'));
      next();
    });
    threads.add(thread);
    return thread;
  }

  // A new thread's loading is not the job's time: on a busy machine it may take longer than a render.
  function run(thread: Thread, pending: Pending): void {
    const { record, documents, printedAt } = pending.job;
    thread.busy = { ...pending };
    if (thread.ready) startTimer(thread);
    thread.worker.postMessage({ record, documents, printedAt: printedAt.getTime() } satisfies RenderRequest);
  }

  function startTimer(thread: Thread): void {
    if (thread.busy) thread.busy.timer = setTimeout(() => void thread.worker.terminate(), timeoutMs);
  }

  function idleThread(): Thread | undefined {
    for (const thread of threads) if (!thread.busy) return thread;
    return threads.size < size ? start() : undefined;
  }

  function next(): void {
    if (closed || (waiting.visitor.length === 0 && waiting.staff.length === 0)) return;
    const thread = idleThread();
    const pending = thread && (waiting.visitor.shift() ?? waiting.staff.shift());
    if (thread && pending) run(thread, pending);
  }

  return {
    render(job, lane = 'visitor') {
      return new Promise<Buffer>((resolve, reject) => {
        if (closed) return reject(new RenderFailed('render pool closed'));
        const pending = { job, resolve, reject };
        const thread = idleThread();
        if (thread) return run(thread, pending);
        if (waiting[lane].length >= limits[lane]) return reject(new RenderQueueFull('render queue full'));
        waiting[lane].push(pending);
      });
    },
    async close() {
      closed = true;
      for (const pending of [...waiting.visitor.splice(0), ...waiting.staff.splice(0)])
        pending.reject(new RenderFailed('render pool closed'));
      await Promise.all([...threads].map((thread) => thread.worker.terminate()));
    },
  };
}

/** Node 20 runs no .ts module as a worker: under tsx the thread registers tsx first, then imports it. */
function spawn(entry: URL): Worker {
  if (!entry.pathname.endsWith('.ts')) return new Worker(entry);
  const source = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); })`;
  return new Worker(source, { eval: true });
}

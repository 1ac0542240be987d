import { setImmediate } from 'node:timers/promises';
import { BroadcastChannel } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import type { ApplicationRecord } from '../../src/domain/api/overprint';
import {
  createRenderPool,
  type RenderJob,
  type RenderLane,
  RenderQueueFull,
} from '../../src/server/overprint/render-pool';
import { HELD_RENDERS } from '../support/held-pdf-worker';

/*
 * Issue 45: 16 prints at once from one service session filled the render queue, and a visitor's print of
 * the overprint answered 503. Staff prints wait apart, in half as many places as visitors' (one of two
 * here), and a thread that comes free takes a visitor's print first, so a visitor always finds as many
 * places as there were before staff printed. The thread here renders only when the test releases it.
 */

/** What a render has come to by the next turn of the event loop: a refusal comes at once. */
const atOnce = (printing: Promise<string>) =>
  Promise.race([printing, setImmediate().then(() => 'still waiting')]);

const job = (name: string): RenderJob => ({
  record: { applicationNo: name } as ApplicationRecord,
  documents: ['form'],
  printedAt: new Date(),
});

describe('the render queue’s lanes', () => {
  const pool = createRenderPool({
    threads: 1,
    queue: 2,
    entry: new URL('../support/held-pdf-worker.ts', import.meta.url),
  });
  const releases = new BroadcastChannel(HELD_RENDERS);
  const firstHeld = new Promise<void>((resolve) => {
    releases.onmessage = () => resolve();
  });
  afterAll(async () => {
    releases.close();
    await pool.close();
  });

  it('keeps every visitor’s place from staff prints, and gives a free thread to a visitor first', async () => {
    const finished: string[] = [];
    const render = (name: string, lane?: RenderLane) =>
      pool.render(job(name), lane).then((pdf) => {
        finished.push(pdf.toString());
        return pdf.toString();
      });
    const settled = (printing: Promise<string>) =>
      printing.then(
        (name) => name,
        (error: unknown) => (error instanceof RenderQueueFull ? 'refused' : `failed: ${String(error)}`),
      );
    // the thread takes the first; one staff print waits; a second finds the staff's place taken
    const staff = ['staff 1', 'staff 2', 'staff 3'].map((name) => settled(render(name, 'staff')));
    expect(await atOnce(staff[2]!)).toBe('refused');
    // the visitors' two places are all theirs: a third visitor is refused
    const visitors = ['visitor 1', 'visitor 2', 'visitor 3'].map((name) => settled(render(name)));
    expect(await atOnce(visitors[2]!)).toBe('refused');

    // the thread has loaded and holds the first: from now on it hears every release
    await firstHeld;
    for (let i = 0; i < 4; i++) releases.postMessage('release');
    expect(await Promise.all([...staff, ...visitors])).toEqual([
      'staff 1',
      'staff 2',
      'refused',
      'visitor 1',
      'visitor 2',
      'refused',
    ]);
    // the visitors went before the staff print that had waited longer
    expect(finished).toEqual(['staff 1', 'visitor 1', 'visitor 2', 'staff 2']);
  });
});

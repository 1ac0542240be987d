import { connect, type Socket } from 'node:net';

// A keep-alive HTTP/1.1 client that does only what the load needs: one request at a time on one socket,
// answers with a content-length or chunked body, their status, body and set-cookie lines. node:http's
// client costs the load thread several times what the server spends on a cached getCart; since the load
// shares the machine's cores with the server, that cost was showing up in every latency measured.

export interface Answer {
  status: number;
  body: string;
  setCookies: string[];
}

const HEADER_END = Buffer.from('\r\n\r\n');

/** One connection to one origin; opened again on the next request when the server has closed it. */
export class LeanConnection {
  private socket: Socket | null = null;
  private received: Buffer = Buffer.alloc(0);
  private waiting: { resolve: (answer: Answer) => void; reject: (error: Error) => void } | null = null;
  private readonly host: string;
  private readonly port: number;

  constructor(origin: string) {
    const url = new URL(origin);
    this.host = url.hostname;
    this.port = Number(url.port);
  }

  request(
    method: 'GET' | 'POST',
    path: string,
    headers: Record<string, string>,
    body?: string,
  ): Promise<Answer> {
    if (this.waiting) return Promise.reject(new Error('one request at a time on a connection'));
    const payload = body === undefined ? '' : body;
    const lines = [`${method} ${path} HTTP/1.1`, `host: ${this.host}:${this.port}`];
    for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
    if (body !== undefined) lines.push(`content-length: ${Buffer.byteLength(payload)}`);
    const socket = this.open();
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      socket.write(`${lines.join('\r\n')}\r\n\r\n${payload}`);
    });
  }

  close() {
    this.socket?.destroy();
  }

  private open(): Socket {
    if (this.socket && !this.socket.destroyed) return this.socket;
    const socket = connect({ host: this.host, port: this.port, noDelay: true });
    this.received = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      this.received = this.received.length === 0 ? chunk : Buffer.concat([this.received, chunk]);
      this.answerIfComplete();
    });
    const lost = (error?: Error) => {
      if (this.socket === socket) this.socket = null;
      const waiting = this.waiting;
      this.waiting = null;
      waiting?.reject(error ?? new Error('the server closed the connection before answering'));
    };
    socket.on('error', lost);
    socket.on('close', () => lost());
    this.socket = socket;
    return socket;
  }

  private answerIfComplete() {
    const headerEnd = this.received.indexOf(HEADER_END);
    if (headerEnd < 0 || !this.waiting) return;
    const head = this.received.toString('latin1', 0, headerEnd).split('\r\n');
    const status = Number(head[0]?.slice(9, 12));
    const setCookies: string[] = [];
    let length = -1;
    let chunked = false;
    let closing = false;
    for (const line of head.slice(1)) {
      const colon = line.indexOf(':');
      const name = line.slice(0, colon).toLowerCase();
      const value = line.slice(colon + 1).trim();
      if (name === 'content-length') length = Number(value);
      else if (name === 'transfer-encoding') chunked = value.toLowerCase().includes('chunked');
      else if (name === 'set-cookie') setCookies.push(value);
      else if (name === 'connection') closing = value.toLowerCase() === 'close';
    }
    const bodyStart = headerEnd + HEADER_END.length;
    const read = chunked
      ? readChunked(this.received, bodyStart)
      : readLength(this.received, bodyStart, length);
    if (!read) return;
    this.received = this.received.subarray(read.end);
    const waiting = this.waiting;
    this.waiting = null;
    if (closing) this.close();
    waiting.resolve({ status, body: read.body.toString('utf8'), setCookies });
  }
}

function readLength(data: Buffer, start: number, length: number) {
  const size = Math.max(length, 0);
  if (data.length < start + size) return null;
  return { body: data.subarray(start, start + size), end: start + size };
}

function readChunked(data: Buffer, start: number) {
  const parts: Buffer[] = [];
  let at = start;
  for (;;) {
    const lineEnd = data.indexOf('\r\n', at);
    if (lineEnd < 0) return null;
    const size = Number.parseInt(data.toString('latin1', at, lineEnd), 16);
    const chunkStart = lineEnd + 2;
    if (size === 0) {
      // no trailers are sent to this client: the last chunk ends with one more empty line
      if (data.length < chunkStart + 2) return null;
      return { body: Buffer.concat(parts), end: chunkStart + 2 };
    }
    if (data.length < chunkStart + size + 2) return null;
    parts.push(data.subarray(chunkStart, chunkStart + size));
    at = chunkStart + size + 2;
  }
}

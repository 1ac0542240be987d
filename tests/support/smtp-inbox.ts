import { SMTPServer } from 'smtp-server';
import { freePort } from './free-port';

/** One message a test's mail server took: the envelope, the raw message and its headers read back. */
export interface ReceivedMail {
  envelopeFrom: string;
  envelopeTo: string[];
  raw: string;
  /** header name (lower case) → each value, unfolded, encoded words decoded */
  headers: Map<string, string[]>;
  messageId: string;
  subject: string;
  /** the text/plain and text/html parts, their transfer encoding undone (empty when there is none) */
  text: string;
  html: string;
  /** when the message had come whole (Date.now()) */
  receivedAt: number;
}

/** A message a holding server has taken in full and not yet answered: the test answers it. */
export interface HeldMail {
  mail: ReceivedMail;
  /** 250: the message is delivered (and counted in `received`) */
  accept(): void;
  /** an SMTP reply such as `421 4.3.2 Service not available`: the try fails with it */
  answer(reply: string): void;
}

export interface SmtpInbox {
  /** smtp://127.0.0.1:<port>, for SMTP_URL */
  url: string;
  received: ReceivedMail[];
  /** with `hold`: the next message the server holds, once a sender has sent it in full */
  nextHeld(): Promise<HeldMail>;
  /** the server stops listening (a mail server down); start() brings it back on the same port */
  stop(): Promise<void>;
  start(): Promise<void>;
}

/**
 * A real SMTP server (the smtp-server package) in the test's process on a free loopback port, keeping what
 * it is sent. `refuse` names the addresses it answers 550 at RCPT TO, as a server with no such mailbox does;
 * `delayMs` slows each answer to a message; `hold` keeps each one unanswered until the test answers it
 * (nextHeld), as a server that takes its time or goes quiet mid-delivery.
 * No STARTTLS and no AUTH: the plain smtp:// a local relay speaks.
 */
export async function startSmtpInbox(
  options: {
    refuse?: (address: string) => boolean;
    /** how long it takes over each message before it answers: a slow server keeps a worker busy */
    delayMs?: number;
    /** each message waits, taken in full but unanswered, until the test answers it */
    hold?: boolean;
  } = {},
): Promise<SmtpInbox> {
  const port = await freePort();
  const received: ReceivedMail[] = [];
  let server: SMTPServer | undefined;
  const held: HeldMail[] = [];
  const waiting: ((mail: HeldMail) => void)[] = [];
  const hold = (mail: HeldMail) => {
    const waiter = waiting.shift();
    if (waiter) waiter(mail);
    else held.push(mail);
  };

  const create = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (options.refuse?.(address.address)) {
          const refusal = Object.assign(new Error(`5.1.1 <${address.address}>: Recipient address rejected`), {
            responseCode: 550,
          });
          callback(refusal);
          return;
        }
        callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const headers = readHeaders(raw);
          const parts = readParts(raw);
          const mail: ReceivedMail = {
            envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            envelopeTo: session.envelope.rcptTo.map((r) => r.address),
            raw,
            headers,
            messageId: headers.get('message-id')?.[0] ?? '',
            subject: headers.get('subject')?.[0] ?? '',
            text: parts.find((part) => part.type === 'text/plain')?.body ?? '',
            html: parts.find((part) => part.type === 'text/html')?.body ?? '',
            receivedAt: Date.now(),
          };
          const accept = () => {
            received.push(mail);
            callback();
          };
          if (!options.hold) {
            setTimeout(accept, options.delayMs ?? 0);
            return;
          }
          hold({
            mail,
            accept,
            answer(reply) {
              const [, code, text] = /^(\d{3})\s+(.*)$/.exec(reply) ?? [];
              if (!code) throw new Error(`not an SMTP reply: ${reply}`);
              callback(Object.assign(new Error(text), { responseCode: Number(code) }));
            },
          });
        });
      },
    });

  const start = () =>
    new Promise<void>((resolve, reject) => {
      server = create();
      server.on('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      const closing = server;
      server = undefined;
      if (!closing) resolve();
      else closing.close(() => resolve());
    });

  await start();
  const nextHeld = () =>
    new Promise<HeldMail>((resolve) => {
      const mail = held.shift();
      if (mail) resolve(mail);
      else waiting.push(resolve);
    });
  return { url: `smtp://127.0.0.1:${port}`, received, nextHeld, stop, start };
}

/** The header block of a raw message: unfolded, names lowered, RFC 2047 encoded words decoded. */
export function readHeaders(raw: string): Map<string, string[]> {
  const block = raw.split(/\r?\n\r?\n/)[0] ?? '';
  const lines = block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/);
  const headers = new Map<string, string[]>();
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = decodeWords(line.slice(colon + 1).trim());
    headers.set(name, [...(headers.get(name) ?? []), value]);
  }
  return headers;
}

/**
 * The leaf parts of a raw message, multiparts opened: each part's media type (lower case, no parameters)
 * and its body with base64 or quoted-printable undone, read as UTF-8.
 */
export function readParts(raw: string): Array<{ type: string; body: string }> {
  const split = /\r?\n\r?\n/.exec(raw);
  const body = split ? raw.slice(split.index + split[0].length) : '';
  const headers = readHeaders(raw);
  const contentType = headers.get('content-type')?.[0] ?? 'text/plain';
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (type.startsWith('multipart/') && boundary)
    return (
      body
        .split(`--${boundary}`)
        .slice(1)
        .filter((section) => !section.startsWith('--'))
        // the line break before a boundary is the boundary's
        .flatMap((section) => readParts(section.replace(/^\r?\n/, '').replace(/\r?\n$/, '')))
    );
  const encoding = headers.get('content-transfer-encoding')?.[0]?.toLowerCase() ?? '7bit';
  return [{ type, body: decodeBody(body, encoding) }];
}

function decodeBody(body: string, encoding: string): string {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable')
    return Buffer.from(
      body
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8');
  return body;
}

function decodeWords(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[BbQq]\?[^?]*\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_, _charset: string, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

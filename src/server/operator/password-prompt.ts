import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';

/** Where staff:add reads a password: asked twice at a terminal, or one line from a pipe. */
export interface PasswordInput {
  /** true at a terminal: the password is asked twice */
  interactive: boolean;
  read(prompt: string): Promise<string>;
}

/** Standard input: a hidden prompt on a terminal, else its first line. Never the command line. */
export function stdinPasswordInput(): PasswordInput {
  return process.stdin.isTTY
    ? { interactive: true, read: askHidden }
    : { interactive: false, read: () => firstLine(process.stdin) };
}

/** Reads a line at the terminal without echoing it: readline writes what is typed to a muted stream. */
function askHidden(prompt: string): Promise<string> {
  const muted = new Writable({ write: (_chunk, _encoding, done) => done() });
  const lines = createInterface({ input: process.stdin, output: muted, terminal: true });
  process.stderr.write(prompt);
  return new Promise((resolve, reject) => {
    lines.on('SIGINT', () => {
      lines.close();
      process.stderr.write('\n');
      reject(new Error('cancelled'));
    });
    lines.question('', (answer) => {
      lines.close();
      process.stderr.write('\n');
      resolve(answer);
    });
  });
}

async function firstLine(input: NodeJS.ReadableStream): Promise<string> {
  const lines = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
  try {
    for await (const line of lines) return line;
    return '';
  } finally {
    lines.close();
  }
}

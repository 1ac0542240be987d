/**
 * What a failed invoke tells the visitor: the message its error carries, else `fallback` (a message of the
 * catalogue, src/domain/messages.ts).
 */
export function failureMessage(event: unknown, fallback: string): string {
  const message = (event as { error?: { message?: unknown } }).error?.message;
  return typeof message === 'string' && message !== '' ? message : fallback;
}

/** The invoke's failure is no answer of the server's: the network failed or a gateway answered in its place. */
export function answerLost(event: unknown): boolean {
  const code = (event as { error?: { returnCode?: unknown } }).error?.returnCode;
  return typeof code === 'number' && (code === -1 || code >= 500);
}

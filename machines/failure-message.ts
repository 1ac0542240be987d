/**
 * What a failed invoke tells the visitor: the message its error carries, else `fallback` (a message of the
 * catalogue, src/domain/messages.ts).
 */
export function failureMessage(event: unknown, fallback: string): string {
  const message = (event as { error?: { message?: unknown } }).error?.message;
  return typeof message === 'string' && message !== '' ? message : fallback;
}

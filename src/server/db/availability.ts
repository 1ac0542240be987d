const UNAVAILABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ENOTFOUND', 'ETIMEDOUT', 'EPIPE']);
const UNAVAILABLE_MESSAGES = [
  'PGlite is closed',
  'driver has already been destroyed',
  'Connection terminated',
  'timeout exceeded when trying to connect',
];

/**
 * Whether an error means the database cannot be reached (down, closing, refusing connections, not
 * answering in time) rather than a fault in a query. SQLSTATE classes 08 (connection) and 57P (operator
 * intervention) count, and 57014, a statement cancelled by statement_timeout.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (UNAVAILABLE_CODES.has(code) || /^(08|57P|57014)/.test(code))) return true;
  return UNAVAILABLE_MESSAGES.some((message) => error.message.startsWith(message));
}

/*
 * A code an e-mail carries is never stored in its text (migration 0028): the text holds this placeholder,
 * which 寄件匣 shows as it is, and the code waits in the row's `secret` until the delivery worker puts it in
 * as it sends; once the message is sent the secret is erased.
 */

/** Where a code goes in a message's stored text and HTML. */
export const CODE_PLACEHOLDER = '●●●●●●';

/** The message's parts as sent: its code put in where the placeholder stands. */
export function withSecret<T extends { text: string; html: string; secret: string | null }>(message: T): T {
  if (message.secret === null) return message;
  const code = message.secret;
  return {
    ...message,
    text: message.text.replaceAll(CODE_PLACEHOLDER, code),
    html: message.html.replaceAll(CODE_PLACEHOLDER, code),
  };
}

import { createTransport } from 'nodemailer';
import { isPlainAddress } from '../../domain/plain-address';
import type { MailFrom } from '../config';
import type { DeliveryOutcome, TakenMessage } from '../db/repositories/outbox';
import { oneLine } from './mail-document';

export interface MailSender {
  send(message: TakenMessage): Promise<DeliveryOutcome>;
  close(): void;
}

/** Waits of one try, together under the worker's lease (delivery-worker.ts). */
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 60_000 };

/**
 * Sends outbox messages over SMTP (nodemailer) at `smtpUrl`: smtps:// speaks TLS from the start, smtp://
 * upgrades with STARTTLS when the server offers it (`?requireTLS=true` insists); the URL's user and password
 * sign in. Each message goes out with its own Message-ID, the same on every try; names and subjects are
 * header values nodemailer encodes, never header lines; files and URLs are never read into a message.
 */
export function smtpSender(smtpUrl: string, from: MailFrom): MailSender {
  const transport = createTransport({
    url: smtpUrl,
    ...TIMEOUTS,
    disableFileAccess: true,
    disableUrlAccess: true,
  });
  const idDomain = from.address.split('@')[1] || 'localhost';
  return {
    async send(message) {
      if (!isPlainAddress(message.recipient) || !isPlainAddress(from.address))
        return { accepted: false, answer: '收件或寄件地址格式錯誤', permanent: true };
      try {
        await transport.sendMail({
          from: { name: oneLine(from.name), address: from.address },
          to: { name: oneLine(message.recipient_name), address: message.recipient },
          subject: oneLine(message.subject),
          text: message.text,
          html: message.html,
          messageId: messageIdOf(message.message_id, idDomain),
        });
        return { accepted: true };
      } catch (error) {
        return failureOf(error);
      }
    },
    close: () => transport.close(),
  };
}

/** The Message-ID of an outbox message: its own UUID at the sender's domain. */
export function messageIdOf(messageId: string, domain: string): string {
  return `<${messageId}@${domain}>`;
}

interface SmtpError {
  code?: string;
  response?: string;
  responseCode?: number;
  permanent?: boolean;
  rejectedErrors?: SmtpError[];
}

/**
 * The mail server's answer to a failed try, and whether it is for good: its reply (a 5xx one refuses the
 * message for good), or, when none came, the connection's error code (for now: the server may be back).
 */
function failureOf(error: unknown): DeliveryOutcome {
  const e = (error ?? {}) as SmtpError;
  const refusal = e.rejectedErrors?.[0] ?? e;
  const answer = refusal.response ?? e.response ?? e.code ?? 'no answer';
  return { accepted: false, answer, permanent: refusal.permanent === true || e.permanent === true };
}

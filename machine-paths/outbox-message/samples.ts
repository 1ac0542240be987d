/*
 * The outbox message's samples: the mail server's answers to a try. A refused address is refused for good;
 * a busy server, or no answer at all, is for now. A message is tried 7 times (docs/decisions.md, "E-mail"):
 * the 6th failing waits for the 7th, the 7th failing is the end.
 */

/** what a mail server answers an address it has no mailbox for */
export const SAMPLE_REFUSED_ANSWER = '550 5.1.1 <chen.yi@qingkong.com.tw>: Recipient address rejected';
/** what a busy mail server answers */
export const SAMPLE_BUSY_ANSWER = '421 4.3.2 Service not available, closing transmission channel';
/** no mail server answered at all */
export const SAMPLE_UNREACHABLE_ANSWER = 'ECONNREFUSED';

/** the first try, which a wait follows */
export const SAMPLE_FIRST_ATTEMPT = 1;
/** the try before the last: one more follows */
export const SAMPLE_BEFORE_LAST_ATTEMPT = 6;
/** the last try, after which none follows */
export const SAMPLE_LAST_ATTEMPT = 7;

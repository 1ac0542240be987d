import { contactReplyTextSchema, staffNameSchema } from '../../src/domain/api/contact-inbox';
import type { Oracle, SentRequest } from '../../tests/support/oracle';

// Written from issue 35 (聯絡訊息: new → 處理中 → 已回覆 → 已結案; assign to oneself; a reply kept) and
// docs/specification.md's inbox rules, without the machine: the words are the issue's.

export type ContactMessageStimulus =
  /** 指派給我, by the person signed in */
  | { kind: 'assign'; staff: string }
  /** 回覆 with the text typed */
  | { kind: 'reply'; text: string }
  /** 結案 */
  | { kind: 'close' }
  /** 重新處理 */
  | { kind: 'reopen' };

export interface ContactMessageView {
  /** the status as staff read it */
  status: '新訊息' | '處理中' | '已回覆' | '已結案';
  /** the buttons the message offers now, in this order: 指派給我, 回覆, 重新處理, 結案 */
  moves: string[];
}

const MOVES: Record<ContactMessageView['status'], string[]> = {
  // no one has it: someone takes it first
  新訊息: ['指派給我'],
  // taken: answered, or closed (a message that needs no answer)
  處理中: ['回覆', '結案'],
  // answered: closed, or back to work when the sender writes back
  已回覆: ['重新處理', '結案'],
  已結案: [],
};

/**
 * One message in the inbox as a service person works it. A move the status does not offer changes
 * nothing; a reply with no text, or a take by no one, is never sent. No move is a call of the machine
 * alone: the inbox's endpoints come with its screen, so `sent` stays empty.
 */
export class ContactMessageOracle implements Oracle<ContactMessageStimulus, ContactMessageView> {
  readonly sent: SentRequest[] = [];
  private status: ContactMessageView['status'] = '新訊息';

  apply(s: ContactMessageStimulus): void {
    const offered = MOVES[this.status];
    switch (s.kind) {
      case 'assign':
        if (offered.includes('指派給我') && staffNameSchema.isValidSync(s.staff)) this.status = '處理中';
        return;
      case 'reply':
        if (offered.includes('回覆') && contactReplyTextSchema.isValidSync(s.text)) this.status = '已回覆';
        return;
      case 'close':
        if (offered.includes('結案')) this.status = '已結案';
        return;
      case 'reopen':
        if (offered.includes('重新處理')) this.status = '處理中';
    }
  }

  view(): ContactMessageView {
    return { status: this.status, moves: MOVES[this.status] };
  }
}

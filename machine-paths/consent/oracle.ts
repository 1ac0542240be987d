import { expect } from 'vitest';
import type { Oracle, SentRequest, ServerReply } from '../../tests/support/oracle';

/** What can happen to the cookie notice: the browser's cookie setting, 同意, the server's answer. */
export type ConsentStimulus =
  | { kind: 'cookies'; blocked: boolean }
  | { kind: 'accept' }
  | { kind: 'reply'; call: 'consent/accept'; reply: ServerReply };

export interface ConsentView {
  banner: boolean;
  /** the banner says the browser would not keep the cookie, and how to allow it */
  refusedByBrowser: boolean;
  acceptEnabled: boolean;
  /** the privacy cookie of docs/specification.md §9 as the browser holds it */
  cookie: string | null;
}

/**
 * Cookie consent (docs/specification.md §1, §4, §9): the banner shows until accepted; accepting stores OI_Privacy_CHECK=Y;
 * a browser that will not keep it is told how to allow it; the server's audit record is asked for once
 * the cookie is kept, and its answer, whatever it is, changes nothing for the visitor.
 */
export class ConsentOracle implements Oracle<ConsentStimulus, ConsentView> {
  readonly sent: SentRequest[] = [];
  private accepted: boolean;
  private blocked = false;
  private saving = false;
  private refusedByBrowser = false;
  private cookie: string | null;

  constructor(acceptedBefore: boolean) {
    this.accepted = acceptedBefore;
    this.cookie = acceptedBefore ? 'Y' : null;
  }

  apply(s: ConsentStimulus): void {
    switch (s.kind) {
      case 'cookies':
        this.blocked = s.blocked;
        return;
      case 'accept':
        if (this.accepted || this.saving) return;
        if (this.blocked) {
          this.refusedByBrowser = true;
          return;
        }
        this.cookie = 'Y';
        this.refusedByBrowser = false;
        this.saving = true;
        this.sent.push({
          call: 'consent/accept',
          body: { version: expect.any(String), client_device: 'Desktop' },
        });
        return;
      case 'reply':
        if (this.saving) {
          this.saving = false;
          this.accepted = true;
        }
    }
  }

  /** the audit record has been asked for and not yet answered */
  get awaitsRecord(): boolean {
    return this.saving;
  }

  view(): ConsentView {
    return {
      banner: !this.accepted,
      refusedByBrowser: !this.accepted && this.refusedByBrowser,
      acceptEnabled: !this.accepted && !this.saving,
      cookie: this.cookie,
    };
  }
}

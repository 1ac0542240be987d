/** A call the page made: its path under /ODGAWeb/api/ and its JSON body (undefined for a GET). */
export interface SentRequest {
  call: string;
  body: unknown;
}

/**
 * A reference model of one flow, written from docs/specification.md and the issues without XState: given what the
 * visitor did, what the server answered and how much time passed, it says what the visitor must see and
 * what the page must have sent. Delays and limits come from docs/specification.md §9 or from the server's answers, never
 * from the machine under test.
 */
export interface Oracle<TStimulus, TView> {
  apply(stimulus: TStimulus): void;
  view(): TView;
  readonly sent: readonly SentRequest[];
  /** milliseconds until the next thing that time alone brings about (a reminder, an end), if any */
  dueInMs?(): number | undefined;
  /** lets time pass */
  advance?(ms: number): void;
}

/** An answer of the server to a held call: the envelope's fields, or no answer at all (network down). */
export type ServerReply = { returnCode: number; data: unknown; msg: string } | 'network-error';

export const ok = (data: unknown): ServerReply => ({ returnCode: 0, data, msg: '' });
export const refused = (data: unknown, msg: string, returnCode = 1): ServerReply => ({
  returnCode,
  data,
  msg,
});

import { describe, expect, it } from 'vitest';
import { contactMessageLevel } from '../../machine-paths/contact-message/machine-level';
import { ContactMessageOracle, type ContactMessageView } from '../../machine-paths/contact-message/oracle';
import { SAMPLE_INBOX_REPLY, SAMPLE_INBOX_STAFF } from '../../machine-paths/contact-message/samples';
import {
  assign,
  blankReply,
  type ContactMessageEvent,
  close,
  contactMessageStimuli,
  reopen,
  reply,
} from '../../machine-paths/contact-message/stimuli';
import { machines } from '../../machine-paths/registry';
import { contactMessageMachine, nextContactStatus } from '../../machines/contact-message.machine';
import { CONTACT_STATUSES, type ContactStatus } from '../../src/domain/contact-status';
import { machineDriver } from '../support/machine-driver';
import { runPath, scenarioPath } from '../support/path-runner';

// Issue 35's rules for a contact message as fixed sequences, played on the machine and on the oracle, which
// must agree after every step; each test then says what the rule promises the service person.

const entry = machines.find((m) => m.id === 'contact-message')!;

async function play(...events: ContactMessageEvent[]): Promise<ContactMessageView[]> {
  const views: ContactMessageView[] = [];
  await runPath(
    scenarioPath(events),
    contactMessageStimuli,
    new ContactMessageOracle(),
    machineDriver(entry, contactMessageLevel),
    async (actual, expected) => {
      expect(await actual()).toEqual(expected);
      views.push((expected as { view: ContactMessageView }).view);
    },
    [],
  );
  // the first view is the message as it is stored, before any step
  return views;
}

const statuses = (views: ContactMessageView[]) => views.map((v) => v.status);

describe('a contact message', () => {
  it('starts new, offering only 指派給我', async () => {
    expect(await play()).toEqual([{ status: '新訊息', moves: ['指派給我'] }]);
  });

  it('goes new → 處理中 → 已回覆 → 已結案 as it is taken, answered and closed', async () => {
    const views = await play(assign(), reply(), close());
    expect(statuses(views)).toEqual(['新訊息', '處理中', '已回覆', '已結案']);
    expect(views.at(-1)!.moves).toEqual([]);
  });

  it('is closed without a reply once taken, never before', async () => {
    const views = await play(close(), reply(), assign(), close());
    expect(statuses(views)).toEqual(['新訊息', '新訊息', '新訊息', '處理中', '已結案']);
  });

  it('keeps no blank reply and is taken by no blank name', async () => {
    const views = await play(assign(''), assign(), blankReply());
    expect(statuses(views)).toEqual(['新訊息', '新訊息', '處理中', '處理中']);
  });

  it('goes back to 處理中 from 已回覆, and nothing moves a closed message', async () => {
    const views = await play(assign(), reply(), reopen(), reply(), close(), reopen(), assign());
    expect(statuses(views)).toEqual([
      '新訊息',
      '處理中',
      '已回覆',
      '處理中',
      '已回覆',
      '已結案',
      '已結案',
      '已結案',
    ]);
  });

  it('is taken once: a second 指派給我 changes nothing', async () => {
    const views = await play(assign(), assign('someone.else'));
    expect(views[2]).toEqual({ status: '處理中', moves: ['回覆', '結案'] });
  });
});

describe('the machine as the atlas draws it', () => {
  it('has one state per stored status, each with its words for staff and a description', () => {
    const states = Object.entries(contactMessageMachine.states);
    expect(states.map(([key]) => key)).toEqual([...CONTACT_STATUSES]);
    expect(states.map(([, node]) => node.meta)).toEqual([
      { status: '新訊息' },
      { status: '處理中' },
      { status: '已回覆' },
      { status: '已結案' },
    ]);
    for (const [, node] of states) expect(node.description?.trim()).toBeTruthy();
  });
});

describe('nextContactStatus: the machine restored at a stored status', () => {
  const take = { type: 'message.assign', staff: SAMPLE_INBOX_STAFF } as const;
  const answer = { type: 'message.reply', text: SAMPLE_INBOX_REPLY } as const;
  const shut = { type: 'message.close' } as const;
  const back = { type: 'message.reopen' } as const;

  // the moves, written out: every (status, move) pair not listed is refused
  const ALLOWED: Array<[ContactStatus, { type: string }, ContactStatus]> = [
    ['new', take, 'handling'],
    ['handling', answer, 'replied'],
    ['handling', shut, 'closed'],
    ['replied', back, 'handling'],
    ['replied', shut, 'closed'],
  ];

  for (const status of CONTACT_STATUSES) {
    for (const event of [take, answer, shut, back]) {
      const allowed = ALLOWED.find(([from, e]) => from === status && e === event);
      it(`${status} on ${event.type} → ${allowed?.[2] ?? 'refused'}`, () => {
        expect(nextContactStatus(status, event)).toBe(allowed?.[2] ?? null);
      });
    }
  }

  it('refuses a reply with no text and a take by no one', () => {
    expect(nextContactStatus('handling', { type: 'message.reply', text: '   ' })).toBeNull();
    expect(nextContactStatus('new', { type: 'message.assign', staff: '' })).toBeNull();
  });
});

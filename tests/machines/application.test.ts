import { describe, expect, it } from 'vitest';
import { createActor, transition } from 'xstate';
import { applicationLevel } from '../../machine-paths/application/machine-level';
import { ApplicationOracle, type ApplicationView } from '../../machine-paths/application/oracle';
import {
  SAMPLE_BLANK_NOTE,
  SAMPLE_CLOSE_NOTE,
  SAMPLE_DECLINE_NOTE,
  SAMPLE_DOCUMENTS_NOTE,
  SAMPLE_PLAIN_NOTE,
} from '../../machine-paths/application/samples';
import {
  APPLICATION_CALLS,
  type ApplicationEvent,
  applicationStimuli,
  move,
} from '../../machine-paths/application/stimuli';
import { coverageOf } from '../../machine-paths/paths';
import { machines } from '../../machine-paths/registry';
import {
  APPLICATION_MOVES,
  type ApplicationEvent as ApplicationEventOf,
  applicationAt,
  applicationMachine,
  judgeMove,
  movesFrom,
} from '../../machines/application.machine';
import { APPLICATION_STATUSES, type ApplicationStatus } from '../../src/domain/application-status';
import { machineDriver } from '../support/machine-driver';
import { runPath, scenarioPath } from '../support/path-runner';

// The rules of an application's life (issue 35, docs/specification.md §4) as fixed sequences, played on the
// machine and on the oracle, which must agree after every step; each test then says what the rule promises.

const entry = machines.find((m) => m.id === 'application')!;

/** The views after xstate.init and after each event. */
async function play(...events: ApplicationEvent[]): Promise<ApplicationView[]> {
  const views: ApplicationView[] = [];
  await runPath(
    scenarioPath(events),
    applicationStimuli,
    new ApplicationOracle(),
    machineDriver(entry, applicationLevel),
    async (actual, expected) => {
      expect(await actual()).toEqual(expected);
      views.push((expected as { view: ApplicationView }).view);
    },
    APPLICATION_CALLS,
  );
  return views;
}

const last = (views: ApplicationView[]) => views.at(-1)!;

/** A note for each move: the one it needs, or one it may carry. */
const NOTE: Record<string, string> = {
  'documents.request': SAMPLE_DOCUMENTS_NOTE,
  'application.decline': SAMPLE_DECLINE_NOTE,
  'application.close': SAMPLE_CLOSE_NOTE,
};
const noted = (type: string) => move(type, NOTE[type] ?? SAMPLE_PLAIN_NOTE);

/** How each status is reached from 已受理, by the moves of the specification. */
const REACH: Record<ApplicationStatus, ApplicationEvent[]> = {
  已受理: [],
  資料審核中: [move('review.start')],
  待補件: [move('review.start'), move('documents.request', SAMPLE_DOCUMENTS_NOTE)],
  核保中: [move('review.start'), move('underwriting.start')],
  已承保: [move('review.start'), move('underwriting.start'), move('application.accept')],
  不予承保: [move('review.start'), move('application.decline', SAMPLE_DECLINE_NOTE)],
  已結案: [move('application.close', SAMPLE_CLOSE_NOTE)],
};

/** The specification's moves (§4, "The application's life"): from, move, to. Nothing else moves. */
const SPEC_MOVES: ReadonlyArray<[ApplicationStatus, string, ApplicationStatus]> = [
  ['已受理', 'review.start', '資料審核中'],
  ['已受理', 'application.close', '已結案'],
  ['資料審核中', 'documents.request', '待補件'],
  ['資料審核中', 'underwriting.start', '核保中'],
  ['資料審核中', 'application.decline', '不予承保'],
  ['資料審核中', 'application.close', '已結案'],
  ['待補件', 'documents.receive', '資料審核中'],
  ['待補件', 'application.close', '已結案'],
  ['核保中', 'documents.request', '待補件'],
  ['核保中', 'application.accept', '已承保'],
  ['核保中', 'application.decline', '不予承保'],
];
const FINAL: ApplicationStatus[] = ['已承保', '不予承保', '已結案'];
const OPEN: ApplicationStatus[] = ['已受理', '資料審核中', '待補件', '核保中'];
const NOTE_REQUIRED = ['documents.request', 'application.decline', 'application.close'];

describe('the application machine', () => {
  it('has the seven statuses as its states, each carrying its status and a description', () => {
    expect(Object.keys(applicationMachine.root.states)).toEqual([...APPLICATION_STATUSES]);
    for (const status of APPLICATION_STATUSES) {
      const node = applicationMachine.root.states[status]!;
      expect(node.meta).toEqual({ status });
      expect(node.description).toMatch(/\w/);
    }
    expect(createActor(applicationMachine).getSnapshot().value).toBe('已受理');
  });

  it('knows the seven moves of the specification as its events, and no others', () => {
    const names = [...new Set(SPEC_MOVES.map(([, m]) => m))].sort();
    expect([...APPLICATION_MOVES].sort()).toEqual(names);
    expect([...applicationMachine.events].sort()).toEqual(names);
  });

  it('generates a path through each of its 11 moves', () => {
    expect(coverageOf(entry).transitions).toHaveLength(11);
  });

  it('reaches each status by the moves of the specification', async () => {
    for (const status of APPLICATION_STATUSES) expect(last(await play(...REACH[status])).status).toBe(status);
  });

  it.each(OPEN)('from %s, takes exactly the specification’s moves', async (from) => {
    for (const type of APPLICATION_MOVES) {
      const views = await play(...REACH[from], noted(type));
      const to = SPEC_MOVES.find(([f, m]) => f === from && m === type)?.[2] ?? from;
      expect({ from, type, to: last(views).status }).toEqual({ from, type, to });
    }
  });

  it('offers each status its moves, and asks a note of 要求補件, 不予承保 and 結案', async () => {
    for (const status of APPLICATION_STATUSES) {
      const view = last(await play(...REACH[status]));
      const offered = SPEC_MOVES.filter(([f]) => f === status).map(([, m]) => m);
      expect(view.moves).toEqual([...offered].sort());
      expect(view.needNote).toEqual(offered.filter((m) => NOTE_REQUIRED.includes(m)).sort());
    }
  });

  describe('the note rule', () => {
    it.each([
      ['資料審核中', 'documents.request'],
      ['核保中', 'documents.request'],
      ['資料審核中', 'application.decline'],
      ['核保中', 'application.decline'],
      ['已受理', 'application.close'],
      ['資料審核中', 'application.close'],
      ['待補件', 'application.close'],
    ] as const)('from %s, refuses %s without a note or with one of spaces', async (from, type) => {
      for (const note of [undefined, '', SAMPLE_BLANK_NOTE]) {
        const views = await play(...REACH[from], move(type, note));
        expect(last(views).status).toBe(from);
      }
      const taken = await play(...REACH[from], move(type, NOTE[type]));
      expect(last(taken).status).not.toBe(from);
    });

    it('takes the other moves without a note', async () => {
      expect(last(await play(move('review.start'))).status).toBe('資料審核中');
      expect(last(await play(...REACH.待補件, move('documents.receive'))).status).toBe('資料審核中');
      expect(last(await play(...REACH.資料審核中, move('underwriting.start'))).status).toBe('核保中');
      expect(last(await play(...REACH.核保中, move('application.accept'))).status).toBe('已承保');
    });
  });

  it.each(FINAL)('accepts nothing at %s, a decision or an end', async (status) => {
    const reached = await play(...REACH[status]);
    expect(last(reached)).toEqual({ status, moves: [], needNote: [], final: true });
    // the machine restored there, as the server restores it: done, and no move with any note changes it
    const snapshot = applicationAt(status);
    expect(snapshot.status).toBe('done');
    for (const type of APPLICATION_MOVES) {
      const event = noted(type) as ApplicationEventOf;
      expect(snapshot.can(event)).toBe(false);
      expect(transition(applicationMachine, snapshot, event)[0].value).toBe(status);
    }
  });

  it('is not done before a decision or an end', () => {
    for (const status of OPEN) expect(applicationAt(status).status).toBe('active');
  });
});

describe('judging a move on the machine (the server and the operator command)', () => {
  it('finds the move that leads to the status asked for, and where the machine is after it', () => {
    expect(judgeMove('待補件', '資料審核中', null)).toEqual({
      ok: true,
      event: 'documents.receive',
      to: '資料審核中',
    });
    expect(judgeMove('已受理', '資料審核中', null)).toEqual({
      ok: true,
      event: 'review.start',
      to: '資料審核中',
    });
    expect(judgeMove('核保中', '待補件', SAMPLE_DOCUMENTS_NOTE)).toEqual({
      ok: true,
      event: 'documents.request',
      to: '待補件',
    });
  });

  it('names the statuses a refused move could have gone to, none from a final one', () => {
    expect(judgeMove('已受理', '已承保', null)).toEqual({
      ok: false,
      reason: 'notAllowed',
      allowed: ['資料審核中', '已結案'],
    });
    expect(judgeMove('資料審核中', '資料審核中', SAMPLE_PLAIN_NOTE)).toEqual({
      ok: false,
      reason: 'notAllowed',
      allowed: ['待補件', '核保中', '不予承保', '已結案'],
    });
    for (const status of FINAL)
      expect(judgeMove(status, '資料審核中', SAMPLE_PLAIN_NOTE)).toEqual({
        ok: false,
        reason: 'notAllowed',
        allowed: [],
      });
  });

  it('says a note is missing where the move needs one', () => {
    expect(judgeMove('資料審核中', '不予承保', null)).toEqual({ ok: false, reason: 'noteRequired' });
    expect(judgeMove('待補件', '已結案', SAMPLE_BLANK_NOTE)).toEqual({ ok: false, reason: 'noteRequired' });
    expect(judgeMove('待補件', '已結案', SAMPLE_CLOSE_NOTE)).toMatchObject({ ok: true, to: '已結案' });
  });

  it('lists every status’s moves with where each leads and whether it needs a note', () => {
    const listed = APPLICATION_STATUSES.flatMap((from) =>
      movesFrom(from).map((m) => [from, m.event, m.to, m.noteRequired]),
    );
    expect(listed).toEqual(
      SPEC_MOVES.map(([from, type, to]) => [from, type, to, NOTE_REQUIRED.includes(type)]),
    );
  });
});

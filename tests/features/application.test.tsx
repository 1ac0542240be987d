import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApplicationOracle } from '../../machine-paths/application/oracle';
import { applicationPageDriver } from '../../machine-paths/application/page';
import { SAMPLE_BLANK_NOTE, SAMPLE_PLAIN_NOTE } from '../../machine-paths/application/samples';
import { APPLICATION_CALLS, applicationStimuli, move } from '../../machine-paths/application/stimuli';
import { type FlowPath, flowPaths } from '../../machine-paths/paths';
import { machines } from '../../machine-paths/registry';
import { CartVisitor } from '../support/cart-visitor';
import { domAgreement } from '../support/dom-agreement';
import { recordPassedPath } from '../support/path-record';
import { runPath, scenarioPath } from '../support/path-runner';
import { addStaff, createTestApp, type TestApp } from '../support/server';
import { applyForBasic } from '../support/shopcart';
import { answeredBy, renderStaff } from '../support/staff-app';

// An application's life on 案件明細 (issue 35) in jsdom, against the real test server: each generated path
// of the application machine acted out by an underwriter on an application of its own, as it came from the
// shopcart, and checked against the application oracle after every step. The moves the page offers and
// the status it shows after each are the server's, which asks the machine.

const entry = machines.find((m) => m.id === 'application')!;
const UNDERWRITER = 'paths.underwriter';
const PASSWORD = 'a long enough passphrase';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await addStaff(t.db, UNDERWRITER, PASSWORD, ['underwriter']);
}, 60_000);
afterAll(() => t.close());

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

/**
 * `path` acted out on the case of a new application, the underwriter signed in on the server; answers the
 * calls the page made.
 */
async function onNewCase(path: FlowPath) {
  const { applicationNo } = await applyForBasic(t);
  const underwriter = await CartVisitor.arrive(t);
  const login = await underwriter.api('staff/login', { name: UNDERWRITER, password: PASSWORD });
  expect(login.json().returnCode).toBe(0);
  const server = answeredBy(underwriter);
  const caseCall = `staff/applications/${applicationNo}`;
  const page = renderStaff(`/groupins/staff/case?no=${applicationNo}`, {
    'staff/me': server,
    [caseCall]: server,
    [`${caseCall}/move`]: server,
  });
  await screen.findByRole('heading', { level: 1, name: '案件明細' });
  await runPath(
    path,
    applicationStimuli,
    new ApplicationOracle(),
    applicationPageDriver(userEvent.setup()),
    domAgreement((view) => view),
    APPLICATION_CALLS,
  );
  return page.calls;
}

describe('application paths on 案件明細 in jsdom, against the server and the application oracle', () => {
  for (const path of flowPaths(entry))
    it(path.description, async () => {
      await onNewCase(path);
      recordPassedPath('jsdom', entry.id, path);
    }, 60_000);

  // §4's note rule, which no generated path takes (a refused move is no transition): a move to 待補件 or
  // 不予承保 with a note of spaces or none is refused on the page, the dialog closed with 取消, and the
  // case stays as it was and moves on as before; the page refuses them itself, sending nothing. Not a
  // generated path, so not recorded as one.
  it('refuses a move that needs a note without one, and the case stays as it was', async () => {
    const calls = await onNewCase(
      scenarioPath([
        move('review.start'),
        move('documents.request', SAMPLE_BLANK_NOTE),
        move('application.decline'),
        move('underwriting.start', SAMPLE_PLAIN_NOTE),
      ]),
    );
    const moves = calls.filter((call) => call.path.endsWith('/move')).map((call) => call.body);
    expect(moves).toEqual([
      { to: '資料審核中', note: '', version: 1 },
      { to: '核保中', note: SAMPLE_PLAIN_NOTE, version: 2 },
    ]);
  }, 60_000);
});

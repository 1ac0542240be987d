import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ContactMessageOracle } from '../../machine-paths/contact-message/oracle';
import { contactMessagePageDriver } from '../../machine-paths/contact-message/page';
import { SAMPLE_INBOX_REPLY, SAMPLE_INBOX_STAFF } from '../../machine-paths/contact-message/samples';
import {
  assign,
  blankReply,
  close,
  contactMessageStimuli,
  reply,
} from '../../machine-paths/contact-message/stimuli';
import { type FlowPath, flowPaths } from '../../machine-paths/paths';
import { machines } from '../../machine-paths/registry';
import { CartVisitor } from '../support/cart-visitor';
import { storeMessage } from '../support/contact-inbox';
import { domAgreement } from '../support/dom-agreement';
import { recordPassedPath } from '../support/path-record';
import { runPath, scenarioPath } from '../support/path-runner';
import { addStaff, createTestApp, type TestApp } from '../support/server';
import { answeredBy, renderStaff } from '../support/staff-app';

// A contact message's life on 聯絡訊息 (issue 35) in jsdom, against the real test server: each generated path
// of the contact-message machine acted out by a service person on a message of its own, as the contact form
// stores it, and checked against the contact-message oracle after every step. The moves the page offers and
// the status it shows after each are the server's, which asks the machine.

const entry = machines.find((m) => m.id === 'contact-message')!;
// the service person the machine's samples name: 指派給我 takes a message for the one signed in
const SERVICE = SAMPLE_INBOX_STAFF;
const PASSWORD = 'a long enough passphrase';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await addStaff(t.db, SERVICE, PASSWORD, ['service']);
}, 60_000);
afterAll(() => t.close());

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

/** `path` acted out on a new message, the service person signed in on the server; answers the page's calls. */
async function onNewMessage(path: FlowPath) {
  const contactNo = await storeMessage(t.db, new Date());
  const service = await CartVisitor.arrive(t);
  const login = await service.api('staff/login', { name: SERVICE, password: PASSWORD });
  expect(login.json().returnCode).toBe(0);
  const server = answeredBy(service);
  const messageCall = `staff/contacts/${contactNo}`;
  const page = renderStaff(`/groupins/staff/contacts?no=${contactNo}`, {
    'staff/me': server,
    [messageCall]: server,
    [`${messageCall}/assign`]: server,
    [`${messageCall}/move`]: server,
    [`${messageCall}/reply`]: server,
  });
  await screen.findByRole('heading', { level: 1, name: '聯絡訊息' });
  await runPath(
    path,
    contactMessageStimuli,
    new ContactMessageOracle(),
    contactMessagePageDriver(userEvent.setup(), SERVICE),
    domAgreement((view) => view),
  );
  return { contactNo, calls: page.calls };
}

describe('contact-message paths on 聯絡訊息 in jsdom, against the server and the contact-message oracle', () => {
  for (const path of flowPaths(entry))
    it(path.description, async () => {
      await onNewMessage(path);
      recordPassedPath('jsdom', entry.id, path);
    }, 60_000);

  // The reply rule, which no generated path takes (a refused reply is no transition): a reply of spaces and
  // line breaks is refused on the page, sending nothing, and the message stays 處理中 and is answered and
  // closed as before. Not a generated path, so not recorded as one.
  it('keeps no blank reply, sending nothing, and the message moves on as before', async () => {
    const { contactNo, calls } = await onNewMessage(scenarioPath([assign(), blankReply(), reply(), close()]));
    const writes = calls
      .filter((call) => call.method === 'POST' && call.path.startsWith(`staff/contacts/${contactNo}/`))
      .map((call) => [call.path.slice(`staff/contacts/${contactNo}/`.length), call.body]);
    expect(writes).toEqual([
      ['assign', { version: 0 }],
      ['reply', { version: 1, text: SAMPLE_INBOX_REPLY }],
      ['move', { version: 2, move: 'message.close' }],
    ]);
  }, 60_000);
});

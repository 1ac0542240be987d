import { act, screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, it } from 'vitest';
import { machines } from '../../machines/registry';
import type { HeldNetwork } from '../support/api-calls';
import { domAgreement } from '../support/dom-agreement';
import { flowPaths } from '../support/flow-model';
import { consentScreen } from '../support/flow-screens';
import { acceptedBefore, CONSENT_CALLS, consentStimuli } from '../support/flows/consent.flow';
import { heldNetwork } from '../support/held-network';
import { ConsentOracle, type ConsentStimulus, type ConsentView } from '../support/oracles/consent.oracle';
import { recordPassedPath } from '../support/path-record';
import { type PathDriver, runPath } from '../support/path-runner';
import { openPage } from '../support/visitor-page';

const entry = machines.find((m) => m.id === 'consent')!;
const jar = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;

/** A browser whose settings refuse this site's cookies: writes are dropped, reads still work. */
function blockCookies(blocked: boolean) {
  if (blocked)
    Object.defineProperty(document, 'cookie', {
      configurable: true,
      get: () => jar.get!.call(document),
      set: () => {},
    });
  else delete (document as { cookie?: string }).cookie;
}

function consentOnPage(network: HeldNetwork, user: UserEvent): PathDriver<ConsentStimulus, ConsentView> {
  return {
    async act(s) {
      if (s.kind === 'cookies') blockCookies(s.blocked);
      else if (s.kind === 'accept') await user.click(screen.getByRole('button', { name: '同意' }));
      else await act(() => network.reply(s.call, s.reply));
    },
    wait: async () => {},
    view: async () => consentScreen(),
    sent: () => network.sent().filter((r) => (CONSENT_CALLS as readonly string[]).includes(r.call)),
  };
}

describe('consent paths on the rendered app, against the consent oracle', () => {
  let network: HeldNetwork | undefined;
  afterEach(() => {
    network?.close();
    blockCookies(false);
  });

  for (const path of flowPaths(entry)) {
    it(path.description, async () => {
      network = heldNetwork(CONSENT_CALLS);
      const before = acceptedBefore(path.steps);
      if (before) document.cookie = 'OI_Privacy_CHECK=Y; path=/';
      const user = userEvent.setup();
      const page = await openPage('/');
      await screen.findByRole('heading', { level: 1 });
      await runPath(
        path,
        consentStimuli,
        new ConsentOracle(before),
        consentOnPage(network, user),
        domAgreement((v) => v),
        CONSENT_CALLS,
      );
      page.stop();
      recordPassedPath('jsdom', entry.id, path);
    });
  }
});

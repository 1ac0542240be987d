import { fromPromise } from 'xstate';
import { consentMachine } from '../../../machines/consent.machine';
import { CONSENT_VERSION } from '../../domain/consent';
import { PRIVACY_COOKIE } from '../../domain/constants';
import { clientDevice } from '../../domain/device';
import { apiPost } from '../../lib/api-client';
import { readCookie, writeCookie } from '../../lib/cookies';

const hasAccepted = () => readCookie(PRIVACY_COOKIE.name) === PRIVACY_COOKIE.value;
const keepAcceptance = () => writeCookie(PRIVACY_COOKIE.name, PRIVACY_COOKIE.value, PRIVACY_COOKIE.days);

/** The consent machine bound to the browser's cookie and the server's consent record. */
export const liveConsentMachine = consentMachine.provide({
  actors: {
    readConsent: fromPromise(async () => {
      try {
        // Browsers cap cookie lifetimes (Chromium: 400 days), so each visit renews the 3650-day acceptance.
        if (!hasAccepted()) return false;
        keepAcceptance();
        return true;
      } catch {
        return false; // a sandboxed document may not read cookies: ask again
      }
    }),
    storeConsent: fromPromise(async () => {
      keepAcceptance();
      if (!hasAccepted()) throw new Error('cookie not kept');
      // The cookie is the consent the site acts on; the server keeps an audit record of it when it can.
      await apiPost('consent/accept', {
        version: CONSENT_VERSION,
        client_device: clientDevice(navigator.userAgent, navigator.maxTouchPoints),
      }).catch(() => undefined);
    }),
  },
});

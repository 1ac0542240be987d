import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { Settings } from 'luxon';
import { afterEach } from 'vitest';

Settings.defaultZone = 'Asia/Taipei';
// findBy and waitFor wait for the page to settle; two test files share the 2-core machine, so 1 s is too short.
configure({ asyncUtilTimeout: 5000 });
// jsdom does not implement scrolling; the app scrolls on every navigation, and to a control or an anchor.
window.scrollTo = () => {};
Element.prototype.scrollIntoView = () => {};
// jsdom leaves isSecureContext undefined; a browser's http://localhost, the tests' origin, is a secure
// context. The captcha widget (altcha) refuses to work outside one.
Object.defineProperty(globalThis, 'isSecureContext', { value: true, configurable: true });
afterEach(() => {
  cleanup();
  document.cookie.split(';').forEach((c) => {
    const name = c.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
  sessionStorage.clear();
  localStorage.clear();
});

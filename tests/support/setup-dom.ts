import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { Settings } from 'luxon';
import { afterEach } from 'vitest';

Settings.defaultZone = 'Asia/Taipei';
// jsdom does not implement scrolling; the app scrolls on every navigation.
window.scrollTo = () => {};
afterEach(() => {
  cleanup();
  document.cookie.split(';').forEach((c) => {
    const name = c.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
  sessionStorage.clear();
  localStorage.clear();
});

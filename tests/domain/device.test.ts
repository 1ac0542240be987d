import { describe, expect, it } from 'vitest';
import { clientDevice } from '../../src/domain/device';

describe('client_device from the user agent', () => {
  it.each([
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
      'Mobile',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
      'Mobile',
    ],
    [
      'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
      'Mobile',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
      'Desktop',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
      'Desktop',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0', 'Desktop'],
    ['', 'Desktop'],
  ])('%s → %s', (ua, device) => {
    expect(clientDevice(ua)).toBe(device);
  });

  it('an iPad announcing itself as a Mac is Mobile when it has touch points', () => {
    const ua =
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
    expect(clientDevice(ua, 5)).toBe('Mobile');
    expect(clientDevice(ua, 0)).toBe('Desktop');
    // a Mac with one touch point (a touch screen or tablet attached) is still a Mac: iPads report 5
    expect(clientDevice(ua, 1)).toBe('Desktop');
  });
});

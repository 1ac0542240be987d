/** The client_device value sent with page and campaign views (docs/specification.md §7). */
export type ClientDevice = 'Mobile' | 'Desktop';

const MOBILE = /Mobi|Android|iPhone|iPod|iPad|IEMobile|Opera Mini|BlackBerry|webOS/i;

/**
 * 'Mobile' for phones and tablets, 'Desktop' otherwise. iPadOS 13+ announces itself as a Mac; pass
 * `touchPoints` (navigator.maxTouchPoints) to tell it apart.
 */
export function clientDevice(userAgent: string, touchPoints = 0): ClientDevice {
  if (MOBILE.test(userAgent)) return 'Mobile';
  return /Macintosh/.test(userAgent) && touchPoints > 1 ? 'Mobile' : 'Desktop';
}

/** The site's public address when SITE_URL is not set: the server on this machine at its default port. */
export const DEFAULT_SITE_URL = 'http://localhost:8080';

/**
 * SITE_URL: the public address visitors reach the site at (scheme, host, port; no path), which the
 * e-mails link to; DEFAULT_SITE_URL when unset. Anything but an http(s) origin is refused.
 */
export function siteUrlOf(env: NodeJS.ProcessEnv): string {
  const value = env.SITE_URL || DEFAULT_SITE_URL;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`SITE_URL is not an address: ${value}`);
  }
  if (!['http:', 'https:'].includes(url.protocol) || url.pathname !== '/' || url.search || url.hash)
    throw new Error(
      `SITE_URL is an http(s) origin with no path, such as https://insure.example.com.tw: ${value}`,
    );
  return url.origin;
}

import { CELLS, PACKAGES } from '../support/catalogue-fixture';
import { defaultFetch, envelope, type FetchHandler } from '../support/render-app';

/**
 * The fake server of the catalogue screens: the catalogue answers of the seeded database, the insert
 * answered with a cart number, everything else as render-app's default. `fail` makes the named calls
 * answer 500 until it is emptied.
 */
export function catalogueServer(fail: Set<string> = new Set()): FetchHandler {
  return (url, init) => {
    const verb = url.pathname.split('/').at(-1)!;
    if (fail.has(verb)) return envelope(null, 500, '系統忙碌中，請稍後再試', 500);
    switch (verb) {
      case 'queryPackages':
        return envelope(PACKAGES);
      case 'queryCells':
        return envelope(CELLS);
      case 'queryPackage': {
        const pack = PACKAGES.find((p) => p.PACK_ID === url.searchParams.get('PACK_ID'));
        return pack ? envelope(pack) : envelope(null, 404, '找不到此方案', 404);
      }
      case 'insertCart':
        return envelope('C0001');
      default:
        return defaultFetch(url, init);
    }
  };
}

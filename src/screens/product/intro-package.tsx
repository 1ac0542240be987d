import { Link, useSearch } from '@tanstack/react-router';
import { ScreenPage } from '../../components/screen-page';
import { SOURCE_CODES } from '../../domain/cart-item';
import { type CataloguePackage, PACKAGE_NOT_FOUND } from '../../domain/catalogue';
import { RETURN_CODE } from '../../domain/envelope';
import { headingOf } from '../../domain/screens';
import { loadPackage } from '../../features/catalogue/package-api';
import { PackageIntroView } from '../../features/catalogue/package-intro-view';
import { ApiFailure } from '../../lib/api-client';
import { answerOf, useScreenData } from '../../lib/screen-read';
import { useCart } from '../../lib/use-cart';

/** The screen's lead paragraph (also the build's prerendered page). */
export const lead = '方案的完整保障項目、保額、投保年齡與注意事項。';

/**
 * The package ?PACK_ID= names, read on entry (lib/screen-read.tsx) unless the page came with it: none without
 * an id, or for an id the server refuses or does not know.
 */
export async function read({ PACK_ID }: { PACK_ID?: string }): Promise<CataloguePackage | null> {
  if (!PACK_ID) return null;
  try {
    return loadPackage.answered(PACK_ID) ?? (await answerOf(loadPackage(PACK_ID)));
  } catch (error) {
    const code = error instanceof ApiFailure ? error.returnCode : RETURN_CODE.ok;
    if (code === RETURN_CODE.badInput || code === RETURN_CODE.notFound) return null;
    throw error;
  }
}

export default function IntroPackage() {
  const { PACK_ID } = useSearch({ from: '/product/Intropackage' });
  const pack = useScreenData(read);
  return (
    <ScreenPage heading={headingOf('ODGAF011')} lead={lead}>
      {pack ? (
        <PackageIntro pack={pack} />
      ) : (
        <NoSuchPackage
          message={PACK_ID ? `${PACKAGE_NOT_FOUND}，請從方案列表重新選擇。` : '請先選擇要查看的方案。'}
        />
      )}
    </ScreenPage>
  );
}

function PackageIntro({ pack }: { pack: CataloguePackage }) {
  const { add, busy } = useCart();
  return <PackageIntroView pack={pack} busy={busy} onAdd={() => add(pack, SOURCE_CODES.package)} />;
}

function NoSuchPackage({ message }: { message: string }) {
  return (
    <div role="alert">
      <p>{message}</p>
      <p>
        <Link to="/product/optionpackage">查看所有方案</Link>
      </p>
    </div>
  );
}

import { Link, useSearch } from '@tanstack/react-router';
import { ScreenPage } from '../../components/screen-page';
import { SOURCE_CODES } from '../../domain/cart-item';
import { PACKAGE_NOT_FOUND } from '../../domain/catalogue';
import { RETURN_CODE } from '../../domain/envelope';
import { headingOf } from '../../domain/screens';
import { loadPackage } from '../../features/catalogue/package-api';
import { PackageIntroView } from '../../features/catalogue/package-intro-view';
import { RemoteView } from '../../features/catalogue/remote-view';
import { useRemote } from '../../features/catalogue/use-remote';
import { useCart } from '../../lib/use-cart';

/** The screen's lead paragraph (also the build's prerendered page). */
export const lead = '方案的完整保障項目、保額、投保年齡與注意事項。';

export default function IntroPackage() {
  const { PACK_ID } = useSearch({ from: '/product/Intropackage' });
  return (
    <ScreenPage heading={headingOf('ODGAF011')} lead={lead}>
      {PACK_ID ? <PackageIntro packId={PACK_ID} /> : <NoSuchPackage message="請先選擇要查看的方案。" />}
    </ScreenPage>
  );
}

function PackageIntro({ packId }: { packId: string }) {
  const remote = useRemote(loadPackage, packId);
  const { add, busy } = useCart();
  const code = remote.status === 'failed' ? remote.failure.returnCode : RETURN_CODE.ok;
  if (code === RETURN_CODE.badInput || code === RETURN_CODE.notFound) {
    return <NoSuchPackage message={`${PACKAGE_NOT_FOUND}，請從方案列表重新選擇。`} />;
  }
  return (
    <RemoteView remote={remote} what="方案資料">
      {(pack) => <PackageIntroView pack={pack} busy={busy} onAdd={() => add(pack, SOURCE_CODES.package)} />}
    </RemoteView>
  );
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

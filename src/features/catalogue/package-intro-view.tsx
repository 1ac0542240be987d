import { Link } from '@tanstack/react-router';
import { BusyButton } from '../../components/busy-button';
import type { CataloguePackage } from '../../domain/catalogue';
import { PackageDetail } from './package-detail';

/**
 * A package in full and what a visitor does next: put it into the cart, or try its premium. The server
 * renders it into the package's page too (src/server/page-answers.tsx).
 */
export function PackageIntroView({
  pack,
  busy,
  onAdd,
}: {
  pack: CataloguePackage;
  busy: boolean;
  onAdd: () => void;
}) {
  return (
    <>
      <PackageDetail pack={pack} />
      <div className="actions">
        <BusyButton className="button primary" busy={busy} onClick={onAdd}>
          加入購物車
        </BusyButton>
        <Link to="/tryout/STEP1" search={{ PACK_ID: pack.PACK_ID }} className="button">
          試算保費
        </Link>
      </div>
    </>
  );
}

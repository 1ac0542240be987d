import { Link } from '@tanstack/react-router';
import { BusyButton } from '../../components/busy-button';
import { fromPriceLabel } from '../../domain/amount-label';
import type { CataloguePackage } from '../../domain/catalogue';

interface PackageCardsProps {
  packages: readonly CataloguePackage[];
  /** shows 「加入購物車」 on each card */
  onAdd?: (pkg: CataloguePackage) => void;
  busy?: boolean;
}

/** The packages at a glance: name, tagline, audience, from-price, a link to each package's page. */
export function PackageCards({ packages, onAdd, busy }: PackageCardsProps) {
  return (
    <ul className="cards package-cards">
      {packages.map((pack) => (
        <li key={pack.PACK_ID} className="card">
          <h3>
            <Link to="/product/Intropackage" search={{ PACK_ID: pack.PACK_ID }}>
              {pack.PACK_NAME}
            </Link>
          </h3>
          <p>{pack.TAGLINE}</p>
          <p className="package-audience">適合：{pack.AUDIENCE}</p>
          <p className="package-price">{fromPriceLabel(pack.FROM_MONTHLY_PER_PERSON)}</p>
          {onAdd && (
            <BusyButton
              className="button primary"
              aria-label={`加入購物車：${pack.PACK_NAME}`}
              busy={busy}
              onClick={() => onAdd(pack)}
            >
              加入購物車
            </BusyButton>
          )}
        </li>
      ))}
    </ul>
  );
}

import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import type { CataloguePackage } from '../../domain/catalogue';
import type { Recommendation } from '../../domain/recommend';
import { type Settled, SettledView } from '../../lib/screen-read';
import { PackageCards } from './package-cards';

interface RecommendationViewProps {
  recommendation: Recommendation;
  /** every package, as the screen read them on entry */
  packages: Settled<CataloguePackage[]>;
  onAdd: (pkg: CataloguePackage) => void;
  busy?: boolean;
}

/** The recommended package (and add-on) with the reasons, a link to each and 「加入購物車」. */
export function RecommendationView({ recommendation, packages, onAdd, busy }: RecommendationViewProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const ids = recommendation.kind === 'package' ? [recommendation.packId, recommendation.addOnPackId] : [];
  const toStaff = recommendation.kind === 'tooSmall' || recommendation.negotiated;

  return (
    <section aria-labelledby="recommendation" className="recommendation">
      <h2 id="recommendation" ref={heading} tabIndex={-1}>
        {recommendation.kind === 'package' ? '推薦結果' : '目前還不能投保團體保險'}
      </h2>
      <ul>
        {recommendation.reasons.map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </ul>
      {ids.length > 0 && (
        <SettledView read={packages} what="方案資料">
          {(all) => (
            <PackageCards
              packages={ids.flatMap((id) => all.filter((p) => p.PACK_ID === id))}
              onAdd={onAdd}
              busy={busy}
            />
          )}
        </SettledView>
      )}
      {toStaff && (
        <p>
          <Link to="/contact">聯絡專人</Link>
        </p>
      )}
    </section>
  );
}

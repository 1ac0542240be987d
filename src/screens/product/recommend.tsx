import { useState } from 'react';
import { ScreenPage } from '../../components/screen-page';
import { SOURCE_CODES } from '../../domain/cart-item';
import { type Recommendation, recommend } from '../../domain/recommend';
import { headingOf } from '../../domain/screens';
import { RecommendForm } from '../../features/catalogue/recommend-form';
import { RecommendationView } from '../../features/catalogue/recommendation-view';
import { loadPackages } from '../../lib/catalogue-api';
import { settled, useScreenData } from '../../lib/screen-read';
import { useCart } from '../../lib/use-cart';

/** The screen's lead paragraph (also the build's prerendered page). */
export const lead = '回答幾個關於貴公司行業、人數與保障重點的問題，我們為您推薦合適的方案並說明理由。';

/** Every package, read on entry (lib/screen-read.tsx): the questions still show without them. */
export const read = () => settled(loadPackages());

export default function Recommend() {
  const packages = useScreenData(read);
  const [result, setResult] = useState<{ round: number; recommendation: Recommendation } | null>(null);
  const { add, busy } = useCart();
  return (
    <ScreenPage heading={headingOf('ODGAF030')} lead={lead}>
      <RecommendForm
        onSubmit={(input) =>
          setResult((previous) => ({ round: (previous?.round ?? 0) + 1, recommendation: recommend(input) }))
        }
      />
      {result && (
        // a new answer is a new view, so focus moves to its heading again
        <RecommendationView
          key={result.round}
          recommendation={result.recommendation}
          packages={packages}
          busy={busy}
          onAdd={(pkg) => add(pkg, SOURCE_CODES.recommendation)}
        />
      )}
    </ScreenPage>
  );
}

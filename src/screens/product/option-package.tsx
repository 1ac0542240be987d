import { ScreenPage } from '../../components/screen-page';
import { SOURCE_CODES } from '../../domain/cart-item';
import { headingOf } from '../../domain/screens';
import { PackageCards } from '../../features/catalogue/package-cards';
import { PackageComparison } from '../../features/catalogue/package-comparison';
import { loadPackages } from '../../lib/catalogue-api';
import { answerOf, useScreenData } from '../../lib/screen-read';
import { useCart } from '../../lib/use-cart';

/** The screen's lead paragraph (also the build's prerendered page). */
export const lead = '比較本公司各團體保險方案的保障內容與保額，選擇最適合貴公司員工的組合。';

/** The packages to compare, read on entry (lib/screen-read.tsx). */
export const read = () => answerOf(loadPackages());

export default function OptionPackage() {
  const list = useScreenData(read);
  const { add, busy } = useCart();
  return (
    <ScreenPage heading={headingOf('ODGAF010')} lead={lead}>
      <PackageComparison packages={list} />
      <h2>選擇方案</h2>
      <PackageCards packages={list} onAdd={(pkg) => add(pkg, SOURCE_CODES.package)} busy={busy} />
    </ScreenPage>
  );
}

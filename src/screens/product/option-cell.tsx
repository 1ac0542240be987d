import { ScreenPage } from '../../components/screen-page';
import { SOURCE_CODES } from '../../domain/cart-item';
import { headingOf } from '../../domain/screens';
import { CellCard } from '../../features/catalogue/cell-card';
import { loadCells } from '../../lib/catalogue-api';
import { answerOf, useScreenData } from '../../lib/screen-read';
import { useCart } from '../../lib/use-cart';

/** The screen's lead paragraph (also the build's prerendered page). */
export const lead = '依需求挑選單項保障與保額，自行組合團體保險。附加型保障須搭配主約投保。';

/** The cells to choose from, read on entry (lib/screen-read.tsx). */
export const read = () => answerOf(loadCells());

export default function OptionCell() {
  const list = useScreenData(read);
  const { add, busy } = useCart();
  return (
    <ScreenPage heading={headingOf('ODGAF020')} lead={lead}>
      <ul className="cards cell-list">
        {list.map((cell) => (
          <CellCard key={cell.PROD_ID} cell={cell} busy={busy} onAdd={(pkg) => add(pkg, SOURCE_CODES.cell)} />
        ))}
      </ul>
    </ScreenPage>
  );
}

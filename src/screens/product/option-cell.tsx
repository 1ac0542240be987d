import { ScreenPage } from '../../components/screen-page';
import { headingOf } from '../../domain/screens';

export default function OptionCell() {
  return (
    <ScreenPage
      heading={headingOf('ODGAF020')}
      lead="依需求挑選單項保障與保額，自行組合團體保險。附加型保障須搭配主約投保。"
    />
  );
}

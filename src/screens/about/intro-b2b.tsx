import { ScreenPage } from '../../components/screen-page';
import { headingOf } from '../../domain/screens';

export default function IntroB2b() {
  return (
    <ScreenPage
      heading={headingOf('ODGAF093')}
      lead="企業網路保險服務讓已投保的要保單位，由授權人員線上辦理加退保、名冊查詢與保險證列印。"
    />
  );
}

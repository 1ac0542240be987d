import { ScreenPage } from '../../components/screen-page';
import { headingOf } from '../../domain/screens';

export default function Recommend() {
  return (
    <ScreenPage
      heading={headingOf('ODGAF030')}
      lead="回答幾個關於貴公司行業、人數與保障重點的問題，我們為您推薦合適的方案並說明理由。"
    />
  );
}

import { ScreenPage } from '../../components/screen-page';
import { headingOf } from '../../domain/screens';

export default function Claim() {
  return (
    <ScreenPage heading={headingOf('ODGAF091')} lead="發生保險事故時的理賠申請流程、應備文件與處理時程。" />
  );
}

import { ScreenPage } from '../../components/screen-page';
import { headingOf } from '../../domain/screens';

export default function Progress() {
  return (
    <ScreenPage
      heading={headingOf('ODGAF060')}
      lead="輸入受理編號與要保單位統一編號，查詢投保申請目前的處理進度與每個階段的日期。"
    />
  );
}

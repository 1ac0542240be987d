import { ScreenPage } from '../../components/screen-page';
import { StepIndicator } from '../../components/step-indicator';
import { headingOf } from '../../domain/screens';
import { SHOPCART_STEPS } from './shopcart-steps';

export default function ShopcartStep2() {
  return (
    <ScreenPage
      heading={headingOf('ODGAF041')}
      lead="請填寫要保單位資料：名稱、統一編號、負責人、聯絡人、電話、Email、地址、行業與投保人數。"
    >
      <StepIndicator steps={SHOPCART_STEPS} current={1} />
    </ScreenPage>
  );
}

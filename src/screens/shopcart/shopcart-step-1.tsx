import { ScreenPage } from '../../components/screen-page';
import { StepIndicator } from '../../components/step-indicator';
import { headingOf } from '../../domain/screens';
import { SHOPCART_STEPS } from './shopcart-steps';

export default function ShopcartStep1() {
  return (
    <ScreenPage
      heading={headingOf('ODGAF040')}
      lead="確認購物車中的保障項目（最多 5 項），確認無誤後開始填寫投保資料。"
    >
      <StepIndicator steps={SHOPCART_STEPS} current={0} />
    </ScreenPage>
  );
}

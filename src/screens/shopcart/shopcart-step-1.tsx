import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { rulesOf } from '../../../machines/shopcart.context';
import { ScreenPage } from '../../components/screen-page';
import { StepIndicator } from '../../components/step-indicator';
import { headingOf } from '../../domain/screens';
import { CartChangedNotice } from '../../features/shopcart/cart-changed-notice';
import { CartItemsTable } from '../../features/shopcart/cart-items-table';
import { EstimateSummary } from '../../features/shopcart/estimate-summary';
import { PlanForm } from '../../features/shopcart/plan-form';
import { shopcartFlow } from '../../features/shopcart/shopcart-flow';
import { loadCells } from '../../lib/catalogue-api';
import { SettledView, settled, useScreenData } from '../../lib/screen-read';
import { useCart } from '../../lib/use-cart';
import { useFlowStep } from '../../lib/use-flow-step';
import { SHOPCART_STEPS } from './shopcart-steps';

/** The screen's lead paragraph (also the build's prerendered page). */
export const lead = '確認購物車中的保障項目與保額，填寫團體資料即可看到估算保費。';

/** The cells' amount choices, read on entry (lib/screen-read.tsx): the cart shows without them. */
export const read = () => settled(loadCells());

export default function ShopcartStep1() {
  const { flow, inStep } = useFlowStep(shopcartFlow, 1);
  const context = useSelector(flow, (s) => s.context);
  const { cart, status, retry } = useCart();
  const cells = useScreenData(read);
  const choices = 'data' in cells ? cells.data : [];
  if (!inStep) return null;
  const rules = rulesOf(context);
  const count = cart.CLASS_LIST.length;
  // the cart's content once a reading answered; before that it is only the empty stand-in (a failed
  // reading again keeps the cart read before, which the visitor still works on)
  const known = status === 'ready' || count > 0;
  return (
    <ScreenPage heading={headingOf('ODGAF040')} lead={lead}>
      <StepIndicator steps={SHOPCART_STEPS} current={0} />
      <CartChangedNotice flow={flow} step={1} />
      {context.notReceived && (
        <div className="form-error" role="alert">
          <p>您先前送出的申請未送達，沒有產生受理編號；請重新挑選保障後再申請。</p>
        </div>
      )}
      {status === 'loading' && (
        <p className="remote-status" role="status">
          正在讀取購物車…
        </p>
      )}
      {status === 'failed' && (
        <div className="remote-error" role="alert">
          <p>
            購物車暫時無法載入，請稍後再試。
            {count > 0 && '以下為先前讀取的購物車內容。'}
          </p>
          <button type="button" className="button" onClick={retry}>
            重新載入購物車
          </button>
        </div>
      )}
      {count > 0 && 'failure' in cells && (
        // without the cells' choices the amounts cannot be changed here: say why, offer to read them again
        <SettledView read={cells} what="保額選項">
          {() => null}
        </SettledView>
      )}
      {!known ? null : count === 0 ? (
        <div className="empty-cart">
          <p>購物車中還沒有保障項目，請先挑選方案或單項保障，再回來申請投保。</p>
          <p>
            <Link className="button primary" to="/product/optionpackage">
              挑選團體保險方案
            </Link>{' '}
            <Link className="button" to="/product/optioncell">
              挑選單項保障
            </Link>
          </p>
        </div>
      ) : rules === null ? (
        <p className="form-error" role="alert">
          購物車中各項保障的可投保年齡沒有交集，無法一起投保；請移除其中一項後再繼續。
        </p>
      ) : (
        <PlanForm
          plan={context.plan}
          rules={rules}
          cartSignature={context.cart.signature}
          returning={context.returning}
          onConfirm={(plan) => flow.send({ type: 'plan.confirm', plan })}
        >
          {(estimate) => (
            <>
              <CartItemsTable
                items={cart.CLASS_LIST}
                cells={choices}
                estimate={estimate.status === 'ready' ? estimate.estimate : null}
              />
              <EstimateSummary state={estimate} />
            </>
          )}
        </PlanForm>
      )}
      {rules === null && count > 0 && (
        <CartItemsTable items={cart.CLASS_LIST} cells={choices} estimate={null} />
      )}
    </ScreenPage>
  );
}

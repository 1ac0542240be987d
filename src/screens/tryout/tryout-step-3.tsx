import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useRef } from 'react';
import { BusyButton } from '../../components/busy-button';
import { ScreenPage } from '../../components/screen-page';
import { StepIndicator } from '../../components/step-indicator';
import { buildCartItem } from '../../domain/cart-item';
import { headingOf } from '../../domain/screens';
import { AddedNotice } from '../../features/tryout/added-notice';
import { QuoteAssumptions } from '../../features/tryout/quote-assumptions';
import { QuoteTable } from '../../features/tryout/quote-table';
import { restartTryout, tryoutFlow } from '../../features/tryout/tryout-flow';
import { useCart } from '../../lib/use-cart';
import { useFlowStep } from '../../lib/use-flow-step';
import { TRYOUT_STEPS } from './tryout-steps';

export default function TryoutStep3() {
  const { flow, inStep } = useFlowStep(tryoutFlow, 3);
  const snapshot = useSelector(flow, (s) => s);
  const { add, busy } = useCart();
  const offered = useRef(false);
  if (!inStep) return null;
  const { cover, group, quote, failure } = snapshot.context;
  const state = (name: 'quoting' | 'quoteFailed' | 'quoted' | 'added' | 'negotiated') =>
    snapshot.matches({ result: name });
  const edit = (step: 1 | 2) => flow.send({ type: 'flow.goto', step });
  // 加入購物車 was on this page before the notice took its place
  if (state('quoted')) offered.current = true;
  return (
    <ScreenPage heading={headingOf('ODGAF072')} lead="依您提供的資料試算年繳、半年繳、季繳與月繳保費。">
      <StepIndicator steps={TRYOUT_STEPS} current={2} />
      <div className="tryout-result" aria-live="polite">
        {state('quoting') && (
          <p className="remote-status" role="status">
            試算中，請稍候…
          </p>
        )}
        {state('quoteFailed') && (
          <div className="remote-error" role="alert">
            <p>無法試算：{failure}</p>
            <button type="button" className="button" onClick={() => flow.send({ type: 'quote.retry' })}>
              再試一次
            </button>
          </div>
        )}
        {state('negotiated') && group && (
          <div className="notice">
            <p>
              {group.headcount} 人的團體保費由專人依實際名單與工作性質報價，線上不提供試算。請洽專人報價：
            </p>
            <Link
              to="/contact"
              search={{
                topic: 'quote',
                cover: cover?.pkg.PACK_NAME,
                headcount: group.headcount,
                item: cover ? buildCartItem(cover.pkg, cover.source, '') : undefined,
              }}
              className="button primary"
            >
              聯絡我們，請專人報價
            </Link>
          </div>
        )}
        {quote?.kind === 'quoted' && (state('quoted') || state('added')) && cover && group && (
          <>
            <h2 className="quote-title">「{cover.pkg.PACK_NAME}」試算結果</h2>
            <QuoteTable quote={quote} />
            <QuoteAssumptions quote={quote} group={group} />
            {state('added') ? (
              <AddedNotice packName={cover.pkg.PACK_NAME} tookOver={offered.current} />
            ) : (
              <div className="actions no-print">
                <BusyButton
                  className="button primary"
                  busy={busy}
                  onClick={() => add(cover.pkg, cover.source)}
                >
                  加入購物車
                </BusyButton>
                <button type="button" className="button" onClick={() => window.print()}>
                  列印試算結果
                </button>
              </div>
            )}
          </>
        )}
      </div>
      {!state('quoting') && (
        <div className="actions no-print">
          <button type="button" className="button" onClick={() => edit(1)}>
            修改保障
          </button>
          <button type="button" className="button" onClick={() => edit(2)}>
            修改團體資料
          </button>
          <button type="button" className="button" onClick={() => restartTryout(flow)}>
            重新試算
          </button>
        </div>
      )}
    </ScreenPage>
  );
}

import { formatMoney } from '../../domain/money';
import type { EstimateState } from './use-estimate';

/** The estimate's total, or why there is none; read out politely as it changes. */
export function EstimateSummary({ state }: { state: EstimateState }) {
  return (
    <section className="estimate-summary" aria-labelledby="estimate-heading" aria-live="polite">
      <h2 id="estimate-heading">估算保費</h2>
      {state.status === 'idle' && <p>填寫投保人數、職業類別與平均年齡後，即顯示估算保費。</p>}
      {state.status === 'loading' && <p role="status">估算中…</p>}
      {state.status === 'failed' && <p className="form-error">無法估算保費：{state.message}</p>}
      {state.status === 'ready' && state.estimate.kind === 'negotiated' && (
        <p>投保人數 50 人以上的保費由專人依團體狀況報價，送出申請後業務人員將與您聯繫。</p>
      )}
      {state.status === 'ready' && state.estimate.kind === 'tooSmall' && (
        <p>團體保險至少需 {state.estimate.min} 人投保。</p>
      )}
      {state.status === 'ready' && state.estimate.kind === 'quoted' && (
        <dl className="estimate-total">
          <dt>全體年繳保費</dt>
          <dd>{formatMoney(state.estimate.total.annual)}</dd>
          <dt>每人每月約</dt>
          <dd>{formatMoney(state.estimate.total.monthlyPerPerson)}</dd>
        </dl>
      )}
      <p className="form-hint">
        估算以平均年齡與職業類別計算，實際保費以核保結果為準；保費未含稅務或其他費用。
      </p>
    </section>
  );
}

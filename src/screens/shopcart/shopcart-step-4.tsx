import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { ScreenPage } from '../../components/screen-page';
import { StepIndicator } from '../../components/step-indicator';
import { INSURER } from '../../domain/insurer';
import { formatRoc, formatRocInstant } from '../../domain/roc-date';
import { headingOf } from '../../domain/screens';
import { restartShopcart, shopcartFlow } from '../../features/shopcart/shopcart-flow';
import { useFlowStep } from '../../lib/use-flow-step';
import { SHOPCART_STEPS } from './shopcart-steps';

/** STEP4 申請完成: shown only for an application the server stored (the machine is done). */
export default function ShopcartStep4() {
  const { flow, inStep } = useFlowStep(shopcartFlow, 4);
  const result = useSelector(flow, (s) => s.context.result);
  if (!inStep || !result) return null;
  return (
    <ScreenPage heading={headingOf('ODGAF043')}>
      <StepIndicator steps={SHOPCART_STEPS} current={3} />
      <section className="application-done" aria-labelledby="done-heading">
        <h2 id="done-heading">申請已受理</h2>
        <p>
          受理編號：<strong className="application-no">{result.applicationNo}</strong>
        </p>
        <p>受理時間：{formatRocInstant(result.submittedAt)}</p>
        <p>請記下受理編號；查詢進度與列印文件時都需要它與要保單位統一編號。</p>
        <p>
          {/* the token rides in the fragment: no server, log or page-view record ever receives it */}
          <Link
            className="button primary"
            to="/overprint/STEP1"
            hash={`${result.applicationNo}.${result.overprintToken}`}
          >
            列印已套印資料的要保書與名冊
          </Link>
        </p>
        <p className="form-hint">
          此列印連結 24 小時內有效；之後請以受理編號、統一編號與聯絡手機查詢後列印。
        </p>
      </section>
      <section aria-labelledby="next-heading">
        <h2 id="next-heading">接下來</h2>
        <ol>
          <li>
            業務人員將於 {formatRoc(result.contactBy, 'chinese')}前（3
            個工作天內）以電話或電子郵件與聯絡人聯繫，確認投保內容與保費。
          </li>
          <li>請備妥蓋有公司大小章的要保書與被保險人名冊，由業務人員收件後送核保。</li>
          <li>核保完成後寄發保險單，並為每位被保險人製發保險證。</li>
        </ol>
        <p>
          如有疑問，請洽客服專線 {INSURER.serviceLine}（{INSURER.serviceHours}）。
        </p>
      </section>
      <p className="form-actions">
        <Link className="button" to="/progress">
          查詢申請進度
        </Link>
        <button type="button" className="button" onClick={() => restartShopcart(flow)}>
          申請其他保障
        </button>
        <Link className="button" to="/">
          回首頁
        </Link>
      </p>
    </ScreenPage>
  );
}

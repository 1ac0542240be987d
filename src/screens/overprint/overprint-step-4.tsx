import { useSelector } from '@xstate/react';
import { BusyButton } from '../../components/busy-button';
import { ScreenPage } from '../../components/screen-page';
import { StepIndicator } from '../../components/step-indicator';
import { INSURER } from '../../domain/insurer';
import { formatRocInstant } from '../../domain/roc-date';
import { headingOf } from '../../domain/screens';
import { DOCUMENT_CHOICES } from '../../features/overprint/document-choices';
import { overprintFlow, restartOverprint } from '../../features/overprint/overprint-flow';
import { useFlowStep } from '../../lib/use-flow-step';
import { OVERPRINT_STEPS } from './overprint-steps';

/** The screen's lead paragraph (also the build's prerendered page). */
export const lead = '下載已套印資料的文件（PDF），以 A4 紙列印後用印送件。';

/** STEP4 下載列印: the chosen documents as one PDF, downloaded as often as needed (補印). */
export default function OverprintStep4() {
  const { flow, inStep } = useFlowStep(overprintFlow, 4);
  const context = useSelector(flow, (s) => s.context);
  const busy = useSelector(flow, (s) => s.hasTag('busy'));
  if (!inStep || !context.access || !context.documents) return null;
  const { copies, failure } = context;
  return (
    <ScreenPage heading={headingOf('ODGAF053')} lead={lead}>
      <StepIndicator steps={OVERPRINT_STEPS} current={3} />
      <p>
        受理編號 <strong>{context.access.application.applicationNo}</strong>，要保單位{' '}
        {context.access.application.company.name}
      </p>
      <ul className="document-list">
        {context.documents.map((doc) => (
          <li key={doc}>
            <strong>{DOCUMENT_CHOICES[doc].name}</strong>：{DOCUMENT_CHOICES[doc].signing}
          </li>
        ))}
      </ul>
      <div className="form-actions">
        <BusyButton
          className="button primary"
          busy={busy}
          onClick={() => flow.send({ type: 'document.download' })}
        >
          {copies.length === 0 ? '下載 PDF' : '再次下載（補印）'}
        </BusyButton>
      </div>
      <div aria-live="polite">
        {busy && (
          <p className="remote-status" role="status">
            文件產生中，請稍候…
          </p>
        )}
        {failure && (
          <div className="form-error" role="alert">
            <p>無法產生文件：{failure}</p>
          </div>
        )}
        {copies.length > 0 && (
          <section aria-labelledby="copies-heading">
            <h2 id="copies-heading">已下載的文件</h2>
            <ol className="printed-copies">
              {copies.map((copy, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: copies are only ever appended: an index names one copy for good
                <li key={i}>
                  列印時間 {formatRocInstant(copy.printedAt)}，{Math.max(1, Math.round(copy.bytes / 1024))} KB
                </li>
              ))}
            </ol>
          </section>
        )}
      </div>
      <section aria-labelledby="after-heading">
        <h2 id="after-heading">列印之後</h2>
        <ol>
          <li>以 A4 紙列印，每頁都印有受理編號與列印時間。</li>
          <li>要保書請由負責人簽章並蓋公司大小章；被保險人名冊每頁蓋公司大章。</li>
          <li>用印後交給與您聯繫的業務人員，或寄至 {INSURER.address}（團體保險部收）。</li>
        </ol>
        <p>
          如有疑問，請洽客服專線 {INSURER.serviceLine}（{INSURER.serviceHours}）。
        </p>
      </section>
      <div className="form-actions">
        <button type="button" className="button" onClick={() => flow.send({ type: 'flow.goto', step: 3 })}>
          上一步
        </button>
        <button type="button" className="button" onClick={() => restartOverprint(flow)}>
          查詢其他申請
        </button>
      </div>
    </ScreenPage>
  );
}

import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { ScreenPage } from '../../components/screen-page';
import { StepIndicator } from '../../components/step-indicator';
import { lookupSchema } from '../../domain/api/overprint';
import { headingOf } from '../../domain/screens';
import { LookupForm } from '../../features/overprint/lookup-form';
import { OVERPRINT_FLOW, overprintFlow, restartOverprint } from '../../features/overprint/overprint-flow';
import { useFlowStep } from '../../lib/use-flow-step';
import { OVERPRINT_STEPS } from './overprint-steps';

/** The shopcart's print link carries `#<受理編號>.<token>`: in the fragment, so no server or log ever sees it. */
function takeLink(): { applicationNo: string; token: string } | null {
  const match = /^#(GI\d{12})\.([\w-]+)$/.exec(window.location.hash);
  if (!match) return null;
  history.replaceState(history.state, '', window.location.pathname + window.location.search);
  return { applicationNo: match[1]!, token: match[2]! };
}

/** The screen's lead paragraph (also the build's prerendered page). */
export const lead =
  '輸入申請時的受理編號、要保單位統一編號與聯絡手機，確認是貴公司的申請後，即可列印已套印資料的文件。';

/** STEP1 身分驗證: the application's identifiers and the captcha, or the print link's token. */
export default function OverprintStep1() {
  const { flow, inStep } = useFlowStep(overprintFlow, 1);
  const busy = useSelector(flow, (s) => s.hasTag('busy'));
  const opening = useSelector(flow, (s) => s.matches({ identify: 'opening' }));
  const failure = useSelector(flow, (s) => s.context.failure);
  const openNo = useSelector(flow, (s) => s.context.access?.application.applicationNo ?? null);

  useEffect(() => {
    const link = takeLink();
    if (link) flow.send({ type: 'link.open', ...link });
  }, [flow]);

  if (!inStep) return null;
  return (
    <ScreenPage heading={headingOf('ODGAF050')} lead={lead}>
      <StepIndicator steps={OVERPRINT_STEPS} current={0} />
      {opening && (
        <p className="remote-status" role="status">
          正在開啟列印連結…
        </p>
      )}
      {openNo && (
        <div className="notice">
          <p>目前已開啟受理編號 {openNo} 的申請。</p>
          <div className="form-actions">
            <button
              type="button"
              className="button"
              onClick={() => flow.send({ type: 'flow.goto', step: 2 })}
            >
              繼續選擇文件
            </button>
            <button type="button" className="button" onClick={() => restartOverprint(flow)}>
              查詢其他申請
            </button>
          </div>
        </div>
      )}
      <LookupForm
        schema={lookupSchema}
        withPhone
        draft={{ flow: OVERPRINT_FLOW, form: 'lookup' }}
        submitLabel="查詢申請"
        busy={busy}
        failure={failure}
        onSubmit={(lookup) => flow.send({ type: 'lookup.submit', lookup: { contactPhone: '', ...lookup } })}
      />
    </ScreenPage>
  );
}

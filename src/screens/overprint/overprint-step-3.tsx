import { useSelector } from '@xstate/react';
import { ApplicationRecordView } from '../../components/application-record';
import { ScreenPage } from '../../components/screen-page';
import { StepIndicator } from '../../components/step-indicator';
import { headingOf } from '../../domain/screens';
import { DOCUMENT_CHOICES } from '../../features/overprint/document-choices';
import { overprintFlow } from '../../features/overprint/overprint-flow';
import { useFlowStep } from '../../lib/use-flow-step';
import { OVERPRINT_STEPS } from './overprint-steps';

/** The screen's lead paragraph (also the build's prerendered page). */
export const lead = '以下是文件上將套印的資料，依申請時填寫的內容列印；如需更正，請於業務人員聯繫時告知。';

/** STEP3 確認資料: what the chosen documents will print, read-only. */
export default function OverprintStep3() {
  const { flow, inStep } = useFlowStep(overprintFlow, 3);
  const access = useSelector(flow, (s) => s.context.access);
  const documents = useSelector(flow, (s) => s.context.documents);
  if (!inStep || !access || !documents) return null;
  return (
    <ScreenPage heading={headingOf('ODGAF052')} lead={lead}>
      <StepIndicator steps={OVERPRINT_STEPS} current={2} />
      <p>
        受理編號 <strong>{access.application.applicationNo}</strong>，要保單位{' '}
        {access.application.company.name}
      </p>
      <p className="chosen-documents">
        列印文件：{documents.map((doc) => DOCUMENT_CHOICES[doc].name).join('、')}
      </p>
      <ApplicationRecordView record={access.application} withRoster={documents.includes('roster')} />
      <div className="form-actions">
        <button type="button" className="button" onClick={() => flow.send({ type: 'flow.goto', step: 2 })}>
          上一步
        </button>
        <button
          type="button"
          className="button primary"
          onClick={() => flow.send({ type: 'review.confirm' })}
        >
          確認無誤，下一步
        </button>
      </div>
    </ScreenPage>
  );
}

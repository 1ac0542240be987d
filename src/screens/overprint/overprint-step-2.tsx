import { useSelector } from '@xstate/react';
import { Form, Formik } from 'formik';
import { BusyButton } from '../../components/busy-button';
import { FormCheckbox } from '../../components/form-checkbox';
import { ScreenPage } from '../../components/screen-page';
import { StepIndicator } from '../../components/step-indicator';
import { OVERPRINT_DOCUMENTS, type OverprintDocument, printableDocuments } from '../../domain/api/overprint';
import { headingOf } from '../../domain/screens';
import { DOCUMENT_CHOICES } from '../../features/overprint/document-choices';
import { overprintFlow, restartOverprint } from '../../features/overprint/overprint-flow';
import { RosterCodeForm } from '../../features/overprint/roster-code-form';
import { useFlowStep } from '../../lib/use-flow-step';
import { OVERPRINT_STEPS } from './overprint-steps';

type Ticks = Record<OverprintDocument, boolean>;

/** The screen's lead paragraph (also the build's prerendered page). */
export const lead = '勾選要列印的文件，下一步可先確認文件上的資料。';

/** What the 名冊's hint adds when the visit does not print it yet (issue 45). */
const ROSTER_CODE_HINT = '列印前須輸入寄至申請聯絡人信箱的驗證碼。';

/**
 * STEP2 選擇文件: the documents this application has, each with what it is for and who signs it; the 名冊
 * chosen on a visit that does not print it yet, the code e-mailed to the contact (issue 45).
 */
export default function OverprintStep2() {
  const { flow, inStep } = useFlowStep(overprintFlow, 2);
  const access = useSelector(flow, (s) => s.context.access);
  const chosen = useSelector(flow, (s) => s.context.documents);
  const failure = useSelector(flow, (s) => s.context.failure);
  // the code's form, once a code was sent, until the visitor goes back to the choice
  const code = useSelector(flow, (s) => (s.matches({ choosing: 'editing' }) ? null : s.context.code));
  const busy = useSelector(flow, (s) =>
    s.matches({ choosing: 'checkingCode' })
      ? 'checking'
      : s.matches({ choosing: 'sendingCode' })
        ? 'sending'
        : null,
  );
  if (!inStep || !access) return null;
  const printable = printableDocuments(access.application);
  const initial = Object.fromEntries(
    OVERPRINT_DOCUMENTS.map((doc) => [doc, printable.includes(doc) && (chosen?.includes(doc) ?? true)]),
  ) as Ticks;
  return (
    <ScreenPage heading={headingOf('ODGAF051')} lead={lead}>
      <StepIndicator steps={OVERPRINT_STEPS} current={1} />
      <p>
        受理編號 <strong>{access.application.applicationNo}</strong>，要保單位{' '}
        {access.application.company.name}
      </p>
      {code ? (
        <RosterCodeForm
          code={code}
          busy={busy}
          failure={failure}
          onSubmit={(typed) => flow.send({ type: 'code.submit', code: typed })}
          onResend={() => flow.send({ type: 'code.resend' })}
          onEdit={() => flow.send({ type: 'documents.edit' })}
        />
      ) : (
        <Formik
          initialValues={initial}
          validateOnBlur={false}
          validateOnChange={false}
          validate={(ticks: Ticks) =>
            printable.some((doc) => ticks[doc]) ? {} : { form: '請至少選擇一份文件' }
          }
          onSubmit={(ticks) =>
            flow.send({ type: 'documents.confirm', documents: printable.filter((doc) => ticks[doc]) })
          }
        >
          <Form noValidate>
            <fieldset className="form-fieldset document-choices">
              <legend>要列印的文件</legend>
              {OVERPRINT_DOCUMENTS.map((doc) => {
                const { name, purpose, signing } = DOCUMENT_CHOICES[doc];
                const available = printable.includes(doc);
                return (
                  <FormCheckbox
                    key={doc}
                    name={doc}
                    label={name}
                    disabled={!available}
                    hint={
                      available
                        ? `${purpose}${signing}${doc === 'roster' && !access.rosterOpen ? ROSTER_CODE_HINT : ''}`
                        : '申請時未附被保險人名冊；業務人員聯繫時可再提供名冊。'
                    }
                  />
                );
              })}
            </fieldset>
            {failure && (
              <p className="form-error code-failure" role="alert">
                {failure}
              </p>
            )}
            <div className="form-actions">
              <button type="button" className="button" onClick={() => restartOverprint(flow)}>
                查詢其他申請
              </button>
              <BusyButton type="submit" className="button primary" busy={busy !== null}>
                下一步：確認資料
              </BusyButton>
            </div>
            <div aria-live="polite">
              {busy && (
                <p className="remote-status" role="status">
                  驗證碼寄送中，請稍候…
                </p>
              )}
            </div>
          </Form>
        </Formik>
      )}
    </ScreenPage>
  );
}

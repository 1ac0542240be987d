import { useSelector } from '@xstate/react';
import { Form, Formik } from 'formik';
import { FormCheckbox } from '../../components/form-checkbox';
import { ScreenPage } from '../../components/screen-page';
import { StepIndicator } from '../../components/step-indicator';
import { OVERPRINT_DOCUMENTS, type OverprintDocument, printableDocuments } from '../../domain/api/overprint';
import { headingOf } from '../../domain/screens';
import { DOCUMENT_CHOICES } from '../../features/overprint/document-choices';
import { overprintFlow, restartOverprint } from '../../features/overprint/overprint-flow';
import { useFlowStep } from '../../lib/use-flow-step';
import { OVERPRINT_STEPS } from './overprint-steps';

type Ticks = Record<OverprintDocument, boolean>;

/** The screen's lead paragraph (also the build's prerendered page). */
export const lead = '勾選要列印的文件，下一步可先確認文件上的資料。';

/** STEP2 選擇文件: the documents this application has, each with what it is for and who signs it. */
export default function OverprintStep2() {
  const { flow, inStep } = useFlowStep(overprintFlow, 2);
  const access = useSelector(flow, (s) => s.context.access);
  const chosen = useSelector(flow, (s) => s.context.documents);
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
                      ? `${purpose}${signing}`
                      : '申請時未附被保險人名冊；業務人員聯繫時可再提供名冊。'
                  }
                />
              );
            })}
          </fieldset>
          <div className="form-actions">
            <button type="button" className="button" onClick={() => restartOverprint(flow)}>
              查詢其他申請
            </button>
            <button type="submit" className="button primary">
              下一步：確認資料
            </button>
          </div>
        </Form>
      </Formik>
    </ScreenPage>
  );
}

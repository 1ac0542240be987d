import { Form, Formik } from 'formik';
import type { AnyObjectSchema } from 'yup';
import { BusyButton } from '../../components/busy-button';
import { useCaptcha } from '../../components/captcha/use-captcha';
import { FormField } from '../../components/form-field';
import { FormDraft, readDraft } from '../../lib/form-draft';

export interface LookupValues {
  applicationNo: string;
  taxId: string;
  contactPhone?: string;
}

interface LookupFormProps {
  /** the body's schema: overprint/lookup asks the contact phone too, progress/query does not */
  schema: AnyObjectSchema;
  withPhone: boolean;
  /** the flow and form name its draft is kept under */
  draft: { flow: string; form: string };
  submitLabel: string;
  busy: boolean;
  /** the server's refusal of the last try, shown above the button */
  failure: string;
  onSubmit(values: LookupValues & { captcha: string }): void;
}

/**
 * The identifiers of an application (受理編號, 統一編號, and for the overprint the contact phone given at
 * application) with the captcha, checked on blur with the server's own schema. Each try spends the captcha,
 * so every submission starts it over.
 */
export function LookupForm({
  schema,
  withPhone,
  draft,
  submitLabel,
  busy,
  failure,
  onSubmit,
}: LookupFormProps) {
  const captcha = useCaptcha();
  const initial: LookupValues = readDraft<LookupValues>(draft.flow, draft.form) ?? {
    applicationNo: '',
    taxId: '',
    ...(withPhone ? { contactPhone: '' } : {}),
  };
  // the captcha is checked by the button, not by the fields' schema
  const fields = schema.omit(['captcha']);
  return (
    <Formik
      initialValues={initial}
      validationSchema={fields}
      validateOnBlur
      validateOnChange={false}
      onSubmit={(values) => {
        const solved = captcha.take();
        if (solved) onSubmit({ ...(fields.cast(values) as LookupValues), captcha: solved });
      }}
    >
      <Form noValidate className="lookup-form">
        <FormDraft flow={draft.flow} form={draft.form} />
        <FormField
          name="applicationNo"
          label="受理編號"
          required
          normalize="upper"
          maxLength={14}
          autoComplete="off"
          hint="申請完成頁面與確認信上的編號，例如 GI115112300001"
        />
        <FormField
          name="taxId"
          label="統一編號"
          required
          inputMode="numeric"
          normalize="halfWidth"
          maxLength={8}
          hint="要保單位（公司）的統一編號"
        />
        {withPhone && (
          <FormField
            name="contactPhone"
            label="聯絡手機"
            required
            type="tel"
            inputMode="tel"
            normalize="halfWidth"
            maxLength={20}
            autoComplete="tel"
            hint="申請時填寫的聯絡人手機；當時只填市話者，請輸入該市話號碼"
          />
        )}
        {captcha.field}
        {failure && (
          <div className="form-error" role="alert">
            <p>{failure}</p>
          </div>
        )}
        <div className="form-actions">
          <BusyButton type="submit" className="button primary" busy={busy}>
            {submitLabel}
          </BusyButton>
        </div>
      </Form>
    </Formik>
  );
}

import { Form, Formik, type FormikHelpers, type FormikValues } from 'formik';
import { type ReactNode, useId } from 'react';
import type { AnyObjectSchema } from 'yup';
import { BusyButton } from './busy-button';
import { Dialog } from './dialog';

interface FormDialogProps<Values extends FormikValues> {
  title: string;
  initialValues: Values;
  validationSchema: AnyObjectSchema;
  /** the words of the button that sends the form, and of the one that closes the dialog */
  submit: string;
  cancel: string;
  /** why the last send failed, as the screen words it; empty when it did not */
  failure: string;
  onSubmit: (values: Values, helpers: FormikHelpers<Values>) => Promise<void>;
  onClose: () => void;
  /** the form's fields */
  children: ReactNode;
}

/**
 * A staff change made in a dialog: its fields checked when left and on send, the send button busy while it
 * is sent, and why it failed said under the fields, the dialog kept open.
 */
export function FormDialog<Values extends FormikValues>({
  title,
  initialValues,
  validationSchema,
  submit,
  cancel,
  failure,
  onSubmit,
  onClose,
  children,
}: FormDialogProps<Values>) {
  const formId = useId();
  return (
    <Formik
      initialValues={initialValues}
      validationSchema={validationSchema}
      validateOnBlur
      validateOnChange={false}
      onSubmit={onSubmit}
    >
      {({ isSubmitting }) => (
        <Dialog
          title={title}
          onClose={onClose}
          actions={
            <>
              <BusyButton type="submit" form={formId} className="button primary" busy={isSubmitting}>
                {submit}
              </BusyButton>
              <button type="button" className="button" onClick={onClose}>
                {cancel}
              </button>
            </>
          }
        >
          <Form id={formId} noValidate>
            {children}
          </Form>
          {failure && (
            <p className="form-error" role="alert">
              {failure}
            </p>
          )}
        </Dialog>
      )}
    </Formik>
  );
}

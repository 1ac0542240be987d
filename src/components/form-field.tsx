import { useField, useFormikContext } from 'formik';
import { type FocusEvent, type InputHTMLAttributes, type ReactNode, useId } from 'react';
import { NORMALIZERS, type NormalizerName } from '../domain/input-helpers';

/**
 * The accessibility wiring every form control shares: its label, the visible hint and message, and the
 * attributes (`control`) that tie the control to them.
 */
export function useFieldMessage(name: string, hint: ReactNode, label: ReactNode, required?: boolean) {
  const [, meta] = useField(name);
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const error = meta.touched && meta.error ? meta.error : undefined;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const messages = (
    <>
      {hint && (
        <p id={hintId} className="form-hint">
          {hint}
        </p>
      )}
      {/* always there, one line high, so a message coming or going moves nothing under the pointer */}
      <p id={errorId} className="form-error field-message">
        {error}
      </p>
    </>
  );
  const labelElement = (
    <label htmlFor={id}>
      {label}
      <RequiredMark required={required} />
    </label>
  );
  const control = {
    id,
    'aria-required': required || undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
  };
  return { control, labelElement, messages };
}

/** The 必填 mark after a label; the control itself carries aria-required. */
function RequiredMark({ required }: { required?: boolean }) {
  return required ? (
    <span className="required-mark" aria-hidden="true">
      *
    </span>
  ) : null;
}

export interface FormFieldProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'name' | 'value' | 'onChange' | 'onBlur' | 'id'> {
  name: string;
  label: string;
  hint?: ReactNode;
  required?: boolean;
  /** applied to the typed text on blur, before validation: an input helper's name or a function */
  normalize?: NormalizerName | ((text: string) => string);
  /** called on blur with the normalised text */
  onBlurValue?: (text: string) => void;
}

/**
 * A Formik text input with its label, hint and message. The message shows once the field has been
 * left (validation on blur), is linked with aria-describedby and sets aria-invalid.
 */
export function FormField({
  name,
  label,
  hint,
  required,
  normalize,
  onBlurValue,
  type = 'text',
  ...inputProps
}: FormFieldProps) {
  const [field, , helpers] = useField<string>(name);
  const { validateOnBlur } = useFormikContext();
  const { control, labelElement, messages } = useFieldMessage(name, hint, label, required);

  function handleBlur(event: FocusEvent<HTMLInputElement>) {
    const typed = event.currentTarget.value;
    const clean = typeof normalize === 'string' ? NORMALIZERS[normalize] : normalize;
    const text = clean ? clean(typed) : typed;
    if (text === typed) {
      field.onBlur(event);
    } else {
      // Validate the normalised text: Formik's blur would validate the values of the last render.
      void helpers.setTouched(true, false);
      void helpers.setValue(text, validateOnBlur);
    }
    onBlurValue?.(text);
  }

  return (
    <div className="form-field">
      {labelElement}
      <input
        {...inputProps}
        {...field}
        {...control}
        value={field.value ?? ''}
        type={type}
        onBlur={handleBlur}
      />
      {messages}
    </div>
  );
}

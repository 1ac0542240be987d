import { useField } from 'formik';
import { type ReactNode, useId } from 'react';
import type { SelectOption } from './form-select';

interface FormRadioGroupProps {
  name: string;
  /** the group's question, its fieldset's legend */
  legend: string;
  options: readonly SelectOption[];
  hint?: ReactNode;
  required?: boolean;
}

/**
 * A Formik radio group: a fieldset whose legend names it, one radio per option (arrow keys move between
 * them), the hint and the message linked to each radio; pair it with `choice(label)` (「請選擇X」).
 */
export function FormRadioGroup({ name, legend, options, hint, required }: FormRadioGroupProps) {
  const [field, meta] = useField<string>(name);
  const id = useId();
  const error = meta.touched && meta.error ? meta.error : undefined;
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <fieldset className="form-radio-group">
      <legend>
        {legend}
        {required && (
          <span className="required-mark" aria-hidden="true">
            *
          </span>
        )}
      </legend>
      {hint && (
        <p id={`${id}-hint`} className="form-hint">
          {hint}
        </p>
      )}
      {options.map((option) => (
        <label key={option.value} className="form-radio">
          <input
            type="radio"
            name={field.name}
            value={option.value}
            checked={field.value === option.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            required={required}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy || undefined}
          />
          {option.label}
        </label>
      ))}
      <p id={`${id}-error`} className="form-error field-message">
        {error}
      </p>
    </fieldset>
  );
}

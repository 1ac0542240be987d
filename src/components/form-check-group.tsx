import { Field, useField } from 'formik';
import { useId } from 'react';

interface FormCheckGroupProps {
  /** a Formik field holding an array of the ticked values */
  name: string;
  legend: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  required?: boolean;
}

/**
 * Several checkboxes for one array field (roles): a fieldset named by its legend, the message under it tied
 * to the group, shown once the group has been left or the form sent.
 */
export function FormCheckGroup({ name, legend, options, required }: FormCheckGroupProps) {
  const [, meta] = useField<string[]>(name);
  const id = useId();
  const error = meta.touched && typeof meta.error === 'string' ? meta.error : undefined;
  return (
    <fieldset className="form-fieldset form-check-group" aria-describedby={error ? `${id}-error` : undefined}>
      <legend>
        {legend}
        {required && (
          <span className="required-mark" aria-hidden="true">
            *
          </span>
        )}
      </legend>
      <div className="check-options">
        {options.map((option) => (
          <span key={option.value} className="check-option">
            <Field type="checkbox" id={`${id}-${option.value}`} name={name} value={option.value} />
            <label htmlFor={`${id}-${option.value}`}>{option.label}</label>
          </span>
        ))}
      </div>
      <p id={`${id}-error`} className="form-error field-message">
        {error}
      </p>
    </fieldset>
  );
}

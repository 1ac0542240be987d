import { useField } from 'formik';
import type { ReactNode } from 'react';
import { useFieldMessage } from './form-field';

interface FormCheckboxProps {
  name: string;
  /** the text next to the box; may hold a link to the terms */
  label: ReactNode;
  hint?: ReactNode;
  required?: boolean;
  disabled?: boolean;
}

/** A Formik checkbox with label, hint and message; pair it with `tick(label).isTrue()` (「請勾選X」). */
export function FormCheckbox({ name, label, hint, required, disabled }: FormCheckboxProps) {
  const [field] = useField<boolean>({ name, type: 'checkbox' });
  const { control, labelElement, messages } = useFieldMessage(name, hint, label, required);
  return (
    <div className="form-field form-checkbox">
      <input
        name={field.name}
        checked={field.checked ?? false}
        onChange={field.onChange}
        onBlur={field.onBlur}
        {...control}
        type="checkbox"
        disabled={disabled}
      />
      {labelElement}
      {messages}
    </div>
  );
}

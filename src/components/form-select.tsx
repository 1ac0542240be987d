import { useField } from 'formik';
import type { ReactNode, SelectHTMLAttributes } from 'react';
import { RequiredMark, useFieldMessage } from './form-field';

export interface SelectOption {
  value: string;
  label: string;
}

interface FormSelectProps
  extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'name' | 'value' | 'onChange' | 'onBlur' | 'id'> {
  name: string;
  label: string;
  options: readonly SelectOption[];
  hint?: ReactNode;
  required?: boolean;
  /** the empty first option */
  placeholder?: string;
}

/** A Formik dropdown with label, hint and message; pair it with `choice(label)` (「請選擇X」). */
export function FormSelect({
  name,
  label,
  options,
  hint,
  required,
  placeholder = '請選擇',
  ...selectProps
}: FormSelectProps) {
  const [field] = useField<string>(name);
  const { id, error, describedBy, messages } = useFieldMessage(name, hint);
  return (
    <div className="form-field">
      <label htmlFor={id}>
        {label}
        <RequiredMark required={required} />
      </label>
      <select
        {...selectProps}
        {...field}
        value={field.value ?? ''}
        id={id}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
      >
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {messages}
    </div>
  );
}

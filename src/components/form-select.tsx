import { useField } from 'formik';
import type { ReactNode, SelectHTMLAttributes } from 'react';
import { useFieldMessage } from './form-field';

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
  const { control, labelElement, messages } = useFieldMessage(name, hint, label, required);
  return (
    <div className="form-field">
      {labelElement}
      <select {...selectProps} {...field} {...control} value={field.value ?? ''}>
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

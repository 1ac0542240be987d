import { useField } from 'formik';
import type { ReactNode } from 'react';
import { displayWidth } from '../domain/input-helpers';
import { useFieldMessage } from './form-field';

interface FormTextAreaProps {
  name: string;
  label: string;
  hint?: ReactNode;
  required?: boolean;
  rows?: number;
  /** the limit by double-width counting (docs/specification.md §5 max length), shown as a live counter under the box */
  maxWidth: number;
}

/**
 * A Formik text area with its label, hint, message and a counter of what is typed against the limit,
 * non-ASCII characters counting 2. Typing past the limit is not cut off (a paste would lose its end
 * silently): the counter turns red at once, and the rule's message shows on blur.
 */
export function FormTextArea({ name, label, hint, required, rows = 8, maxWidth }: FormTextAreaProps) {
  const [field] = useField<string>(name);
  const used = displayWidth(field.value ?? '');
  const over = used > maxWidth;
  const counter = (
    <span className={over ? 'text-counter over' : 'text-counter'}>
      已輸入 {used}／{maxWidth}（中文字與全形符號計 2）
    </span>
  );
  const { control, labelElement, messages } = useFieldMessage(
    name,
    hint ? (
      <>
        {hint}
        <br />
        {counter}
      </>
    ) : (
      counter
    ),
    label,
    required,
  );
  return (
    <div className="form-field form-text-area">
      {labelElement}
      <textarea
        {...field}
        {...control}
        value={field.value ?? ''}
        rows={rows}
        // the browser shows only the caret's line of a box it scrolls to; show the box with its counter
        onFocus={(event) => event.currentTarget.parentElement?.scrollIntoView({ block: 'nearest' })}
      />
      {messages}
      {/* read out only when the limit is crossed, not on every keystroke */}
      <p className="visually-hidden" aria-live="polite">
        {over ? `${label}已超過 ${used - maxWidth}，請刪減內容` : ''}
      </p>
    </div>
  );
}

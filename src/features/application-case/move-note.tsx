import { useField } from 'formik';
import { object, string } from 'yup';
import { useFieldMessage } from '../../components/form-field';
import { NOTE_MAX_LENGTH } from '../../domain/api/application-case';
import { messages } from '../../domain/messages';
import { text } from '../../domain/validation/fields';

const LABEL = '說明';
const HINT = `公司會在進度查詢看到這段說明；最多 ${NOTE_MAX_LENGTH} 字。`;

/** The move's note as the dialog checks it: required for 待補件, 不予承保 and 已結案 (the machine's rule). */
export const moveNoteSchema = (required: boolean) =>
  object({
    note: required
      ? text(LABEL)
          .max(NOTE_MAX_LENGTH, messages.maxLength(LABEL, NOTE_MAX_LENGTH))
          .required(messages.required(LABEL))
      : string().max(NOTE_MAX_LENGTH, messages.maxLength(LABEL, NOTE_MAX_LENGTH)),
  });

/** The note of a move: a few lines the company reads on the progress page. */
export function MoveNote({ required }: { required: boolean }) {
  const [field] = useField<string>('note');
  const { control, labelElement, messages: shown } = useFieldMessage('note', HINT, LABEL, required);
  return (
    <div className="form-field form-text-area">
      {labelElement}
      <textarea {...field} {...control} rows={4} />
      {shown}
    </div>
  );
}

import { messages } from '../domain/messages';
import { formatRoc, parseDateInput } from '../domain/roc-date';
import { useAlert } from './alert';
import { FormField, type FormFieldProps } from './form-field';

/** Shows a readable date the ROC way (`1990-05-12` → `79/05/12`); other text is kept for the rules. */
function toRocDisplay(text: string): string {
  const parsed = parseDateInput(text);
  if (!parsed.ok || parsed.date < '1911-01-01') return text.trim();
  return formatRoc(parsed.date, 'slash');
}

/**
 * A date input taking ROC (79/05/12, 民國79年5月12日) or Gregorian (1990/05/12) forms. On blur a
 * readable date is rewritten as ROC; text that is no date raises the shared 「日期錯誤」 alert.
 * Needs `<AlertProvider>` above it (the screen provides it); pair it with `dateText(label)`.
 */
export function DateField(props: Omit<FormFieldProps, 'normalize' | 'onBlurValue'>) {
  const showAlert = useAlert();
  return (
    <FormField
      inputMode="numeric"
      autoComplete="off"
      {...props}
      normalize={toRocDisplay}
      onBlurValue={(text) => {
        if (text !== '' && !parseDateInput(text).ok) {
          void showAlert({ title: messages.dateError(), message: messages.dateHint() });
        }
      }}
    />
  );
}

import { FormField } from './form-field';

/**
 * 手機號碼, 市話, 分機 and 電子郵件, as the shared `contactChannelFields()` schema checks them (one of the two
 * phones is needed). `emailHint` says what the address is for on this form.
 */
export function ContactChannelFields({ emailHint }: { emailHint?: string }) {
  return (
    <>
      <FormField
        name="mobile"
        label="手機號碼"
        type="tel"
        inputMode="tel"
        normalize="halfWidth"
        autoComplete="tel-national"
        hint="手機與市話請至少填寫一項，例如 0912-345-678"
      />
      <FormField
        name="phone"
        label="市話"
        type="tel"
        inputMode="tel"
        normalize="halfWidth"
        hint="例如 02-2345-6789"
      />
      <FormField name="phoneExt" label="分機" inputMode="numeric" normalize="halfWidth" maxLength={6} />
      <FormField
        name="email"
        label="電子郵件"
        type="email"
        required
        normalize="halfWidth"
        autoComplete="email"
        hint={emailHint}
      />
    </>
  );
}

import { Form, Formik, type FormikHelpers } from 'formik';
import { useEffect, useState } from 'react';
import { BusyButton } from '../../components/busy-button';
import { FormCheckGroup } from '../../components/form-check-group';
import { FormField } from '../../components/form-field';
import { StaffFailure, StaffReading } from '../../components/staff-states';
import { type StaffNotifications, staffNotificationsSchema } from '../../domain/api/staff-notifications';
import { STAFF_NOTICES } from '../../domain/staff-notifications';
import { STAFF_PAGES } from '../../domain/staff-pages';
import { failureMessage } from '../../lib/staff-api';
import { validateWith } from '../../lib/validate-with';
import { noticesApi } from './notices-api';
import { PendingAddress } from './pending-address';

/*
 * 通知設定 (every role; issue 36): the person signed in chooses which e-mail notices their roles offer they
 * get (新申請案件 and 待補件逾 7 日 for an underwriter, 新聯絡訊息 for the service desk) and the address
 * they go to. The form checks what the server checks, with the same schema. A new address is used once the
 * code e-mailed to it is typed (issue 45).
 */

const TEXT = {
  intro: '系統只會把您勾選的通知寄到下方填寫的通知信箱；通知信箱留空，就不寄送任何通知。',
  reading: '通知設定',
  email: '通知信箱',
  emailHint: '例如 name@example.com.tw；留空即不寄送通知',
  kinds: '通知項目',
  noKinds: '您的角色目前沒有可選擇的通知項目。',
  save: '儲存',
  saved: '已儲存通知設定',
  codeSent: (address: string) => `已儲存通知設定；驗證碼已寄至 ${address}，輸入後才會改用新信箱。`,
  confirmed: '已確認通知信箱',
  refused: (message: string) => `未完成：${message}`,
} as const;

interface Values {
  email: string;
  kinds: string[];
}

// a new address waiting for its code is the one the person gave: shown until it is typed or replaced
const valuesOf = (settings: StaffNotifications): Values => ({
  email: settings.pending?.address ?? settings.email ?? '',
  kinds: [...settings.kinds],
});

const validate = validateWith(staffNotificationsSchema, {});

export function NoticesScreen() {
  const [settings, setSettings] = useState<StaffNotifications | null>(null);
  const [failure, setFailure] = useState('');

  const load = () => {
    setFailure('');
    noticesApi.read().then(setSettings, (error: unknown) => setFailure(failureMessage(error)));
  };
  useEffect(load, []);

  return (
    <>
      <h1>{STAFF_PAGES.notices.title}</h1>
      <p>{TEXT.intro}</p>
      {failure ? (
        <StaffFailure message={failure} retry={load} />
      ) : !settings ? (
        <StaffReading what={TEXT.reading} />
      ) : (
        <NoticesForm settings={settings} onSaved={setSettings} />
      )}
    </>
  );
}

function NoticesForm({
  settings,
  onSaved,
}: {
  settings: StaffNotifications;
  onSaved: (settings: StaffNotifications) => void;
}) {
  const [notice, setNotice] = useState('');
  const [failure, setFailure] = useState('');
  const options = STAFF_NOTICES.filter((n) => settings.offered.includes(n.kind)).map((n) => ({
    value: n.kind,
    label: n.label,
  }));

  const submit = async (values: Values, helpers: FormikHelpers<Values>) => {
    setNotice('');
    setFailure('');
    try {
      const sent = staffNotificationsSchema.cast(values);
      const saved = await noticesApi.save(sent);
      onSaved(saved);
      helpers.resetForm({ values: valuesOf(saved) });
      const asked = sent.email && sent.email !== settings.email && saved.pending?.address === sent.email;
      setNotice(asked ? TEXT.codeSent(sent.email!) : TEXT.saved);
    } catch (error) {
      setFailure(failureMessage(error));
    }
  };

  const changed = (now: StaffNotifications, said: string) => {
    onSaved(now);
    setNotice(now.email !== settings.email && now.pending === null ? TEXT.confirmed : said);
  };

  return (
    <div className="staff-add">
      <p className="staff-notice" role="status">
        {notice}
      </p>
      {settings.pending && (
        <PendingAddress settings={{ ...settings, pending: settings.pending }} onChanged={changed} />
      )}
      <Formik
        initialValues={valuesOf(settings)}
        validate={validate}
        validateOnBlur
        validateOnChange={false}
        onSubmit={submit}
      >
        {({ isSubmitting }) => (
          <Form noValidate>
            <FormField
              name="email"
              label={TEXT.email}
              hint={TEXT.emailHint}
              type="email"
              inputMode="email"
              autoComplete="email"
              autoCapitalize="none"
              spellCheck={false}
            />
            {options.length > 0 ? (
              <FormCheckGroup name="kinds" legend={TEXT.kinds} options={options} />
            ) : (
              <p>{TEXT.noKinds}</p>
            )}
            {failure && (
              <p className="form-error" role="alert">
                {TEXT.refused(failure)}
              </p>
            )}
            <div className="form-actions">
              <BusyButton type="submit" className="button primary" busy={isSubmitting}>
                {TEXT.save}
              </BusyButton>
            </div>
          </Form>
        )}
      </Formik>
    </div>
  );
}

import { Form, Formik, type FormikHelpers } from 'formik';
import { useEffect, useId, useRef, useState } from 'react';
import { BusyButton } from '../../components/busy-button';
import { Dialog } from '../../components/dialog';
import { FormCheckGroup } from '../../components/form-check-group';
import { FormDialog } from '../../components/form-dialog';
import { FormField } from '../../components/form-field';
import { StaffFailure, StaffReading } from '../../components/staff-states';
import { StaffTable } from '../../components/staff-table';
import {
  addStaffFormSchema,
  STAFF_PASSWORD_MIN,
  type StaffAccount,
  setRolesSchema,
} from '../../domain/api/staff';
import { RETURN_CODE } from '../../domain/envelope';
import { formatTaipeiSecond } from '../../domain/roc-date';
import { STAFF_PAGES } from '../../domain/staff-pages';
import { rolesLabel, STAFF_ROLE_LABELS, STAFF_ROLES, type StaffRole } from '../../domain/staff-roles';
import { ApiFailure } from '../../lib/api-client';
import { failureMessage } from '../../lib/staff-api';
import { accountsApi } from './accounts-api';

/*
 * 帳號管理 (admin, docs/specification.md §6): every account with its roles, its locks and its last sign-in;
 * add a person, set their roles, lock, unlock and end their sessions. Each change answers the list as it is
 * after it; a refusal is shown beside what caused it (the name, the roles, the dialog of the change).
 */

const TEXT = {
  list: '人員帳號',
  name: '帳號',
  roles: '角色',
  state: '狀態',
  lastSignIn: '最近登入',
  actions: '操作',
  suspended: '已停用',
  lockedUntil: (at: string) => `密碼錯誤鎖定至 ${at}`,
  active: '可登入',
  never: '尚未登入',
  none: '尚無人員帳號。',
  accounts: '帳號清單',
  add: '新增人員',
  addHint: '小寫英文字母開頭，可用小寫英文字母、數字及 . _ -，3 至 32 字',
  password: '初始密碼',
  passwordHint: `至少 ${STAFF_PASSWORD_MIN} 個字元；請另行告知本人`,
  passwordAgain: '再次輸入初始密碼',
  addButton: '新增',
  added: (name: string) => `已新增 ${name}`,
  setRoles: '設定角色',
  lock: '停用',
  unlock: '啟用',
  endSessions: '結束登入',
  cancel: '取消',
  save: '儲存',
  rolesSet: (name: string) => `已更新 ${name} 的角色`,
  locked: (name: string) => `已停用 ${name}`,
  unlocked: (name: string) => `已啟用 ${name}`,
  ended: (name: string) => `已結束 ${name} 的所有登入`,
  lockTitle: (name: string) => `停用帳號：${name}`,
  lockBody: '停用後此帳號無法登入，並立即結束其所有登入；之後可再啟用。',
  unlockTitle: (name: string) => `啟用帳號：${name}`,
  unlockBody: '啟用後此帳號可再登入。密碼連續錯誤的鎖定不受影響，時間到即自動解除。',
  endTitle: (name: string) => `結束登入：${name}`,
  endBody: '此帳號目前所有的登入都會結束，本人須重新登入。',
  rolesTitle: (name: string) => `設定角色：${name}`,
  refused: (message: string) => `未完成：${message}`,
} as const;

const ROLE_OPTIONS = STAFF_ROLES.map((role) => ({ value: role, label: STAFF_ROLE_LABELS[role] }));

type Change = 'roles' | 'lock' | 'unlock' | 'endSessions';
interface OpenChange {
  change: Change;
  account: StaffAccount;
}

function stateOf(account: StaffAccount): string {
  if (account.suspended) return TEXT.suspended;
  if (account.lockedUntil) return TEXT.lockedUntil(formatTaipeiSecond(account.lockedUntil));
  return TEXT.active;
}

export function AccountsScreen() {
  const [accounts, setAccounts] = useState<StaffAccount[] | null>(null);
  const [failure, setFailure] = useState('');
  const [notice, setNotice] = useState('');
  const [open, setOpen] = useState<OpenChange | null>(null);

  const load = () => {
    setFailure('');
    accountsApi.list().then(setAccounts, (error: unknown) => setFailure(failureMessage(error)));
  };
  useEffect(load, []);

  const changed = (list: StaffAccount[], message: string) => {
    setAccounts(list);
    setNotice(message);
  };

  return (
    <>
      <h1>{STAFF_PAGES.accounts.title}</h1>
      <p className="staff-notice" role="status">
        {notice}
      </p>
      <section aria-labelledby="accounts-list">
        <h2 id="accounts-list">{TEXT.list}</h2>
        {failure ? (
          <StaffFailure message={failure} retry={load} />
        ) : !accounts ? (
          <StaffReading what={TEXT.accounts} />
        ) : accounts.length === 0 ? (
          <p>{TEXT.none}</p>
        ) : (
          <AccountTable accounts={accounts} onChange={(change, account) => setOpen({ change, account })} />
        )}
      </section>
      <AddPerson onAdded={(list, name) => changed(list, TEXT.added(name))} />
      {open && open.change === 'roles' && (
        <RolesDialog
          account={open.account}
          onClose={() => setOpen(null)}
          onDone={(list) => {
            setOpen(null);
            changed(list, TEXT.rolesSet(open.account.name));
          }}
        />
      )}
      {open && open.change !== 'roles' && (
        <ConfirmDialog
          change={open.change}
          account={open.account}
          onClose={() => setOpen(null)}
          onDone={(list, message) => {
            setOpen(null);
            changed(list, message);
          }}
          onGone={load}
        />
      )}
    </>
  );
}

function AccountTable({
  accounts,
  onChange,
}: {
  accounts: StaffAccount[];
  onChange: (change: Change, account: StaffAccount) => void;
}) {
  const button = (change: Change, account: StaffAccount, label: string) => (
    // named with whose, its visible words first (WCAG 2.5.3)
    <button
      type="button"
      className="button"
      aria-label={`${label}（${account.name}）`}
      onClick={() => onChange(change, account)}
    >
      {label}
    </button>
  );
  return (
    <StaffTable
      labelledBy="accounts-list"
      rows={accounts}
      rowKey={(account) => account.name}
      rowHeader={{ header: TEXT.name, cell: (account) => account.name }}
      columns={[
        { header: TEXT.roles, cell: (account) => rolesLabel(account.roles) },
        { header: TEXT.state, cell: stateOf },
        {
          header: TEXT.lastSignIn,
          cell: (account) =>
            account.lastSignedInAt ? formatTaipeiSecond(account.lastSignedInAt) : TEXT.never,
        },
        {
          header: TEXT.actions,
          cell: (account) => (
            <div className="staff-actions">
              {button('roles', account, TEXT.setRoles)}
              {account.suspended
                ? button('unlock', account, TEXT.unlock)
                : button('lock', account, TEXT.lock)}
              {button('endSessions', account, TEXT.endSessions)}
            </div>
          ),
        },
      ]}
    />
  );
}

/** The reason a change was refused, as the server named it in `data`. */
const refusalOf = (error: unknown) =>
  error instanceof ApiFailure && error.returnCode === RETURN_CODE.refused ? error.data : undefined;

interface AddValues {
  name: string;
  roles: StaffRole[];
  password: string;
  passwordAgain: string;
}
const NO_ONE: AddValues = { name: '', roles: [], password: '', passwordAgain: '' };

function AddPerson({ onAdded }: { onAdded: (list: StaffAccount[], name: string) => void }) {
  const [failure, setFailure] = useState('');
  const headingId = useId();
  const form = useRef<HTMLFormElement>(null);
  const submit = async (values: AddValues, helpers: FormikHelpers<AddValues>) => {
    setFailure('');
    const { name, roles, password } = addStaffFormSchema.cast(values);
    try {
      const list = await accountsApi.add({ name, roles: roles as StaffRole[], password });
      helpers.resetForm();
      onAdded(list, name);
    } catch (error) {
      if (refusalOf(error) === 'staffExists') {
        helpers.setFieldError('name', failureMessage(error));
        form.current?.querySelector<HTMLInputElement>('[name="name"]')?.focus();
      } else setFailure(failureMessage(error));
    }
  };
  return (
    <section aria-labelledby={headingId} className="staff-add">
      <h2 id={headingId}>{TEXT.add}</h2>
      <Formik
        initialValues={NO_ONE}
        validationSchema={addStaffFormSchema}
        validateOnBlur
        validateOnChange={false}
        onSubmit={submit}
      >
        {({ isSubmitting }) => (
          <Form noValidate ref={form}>
            <FormField
              name="name"
              label={TEXT.name}
              required
              hint={TEXT.addHint}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
            />
            <FormCheckGroup name="roles" legend={TEXT.roles} options={ROLE_OPTIONS} required />
            <FormField
              name="password"
              label={TEXT.password}
              type="password"
              required
              hint={TEXT.passwordHint}
              autoComplete="new-password"
            />
            <FormField
              name="passwordAgain"
              label={TEXT.passwordAgain}
              type="password"
              required
              autoComplete="new-password"
            />
            {failure && (
              <p className="form-error" role="alert">
                {TEXT.refused(failure)}
              </p>
            )}
            <div className="form-actions">
              <BusyButton type="submit" className="button primary" busy={isSubmitting}>
                {TEXT.addButton}
              </BusyButton>
            </div>
          </Form>
        )}
      </Formik>
    </section>
  );
}

function RolesDialog({
  account,
  onClose,
  onDone,
}: {
  account: StaffAccount;
  onClose: () => void;
  onDone: (list: StaffAccount[]) => void;
}) {
  const [failure, setFailure] = useState('');
  return (
    <FormDialog
      title={TEXT.rolesTitle(account.name)}
      initialValues={{ name: account.name, roles: [...account.roles] as StaffRole[] }}
      validationSchema={setRolesSchema}
      submit={TEXT.save}
      cancel={TEXT.cancel}
      failure={failure && TEXT.refused(failure)}
      onClose={onClose}
      onSubmit={async (values, helpers) => {
        setFailure('');
        try {
          onDone(await accountsApi.setRoles(account.name, values.roles));
        } catch (error) {
          // 不可移除自己的管理角色 belongs to the roles; anything else (查無此帳號) to the change
          if (refusalOf(error) === 'staffOwnAdmin') helpers.setFieldError('roles', failureMessage(error));
          else setFailure(failureMessage(error));
        }
      }}
    >
      <FormCheckGroup name="roles" legend={TEXT.roles} options={ROLE_OPTIONS} required />
    </FormDialog>
  );
}

const CONFIRM = {
  lock: { title: TEXT.lockTitle, body: TEXT.lockBody, button: TEXT.lock, done: TEXT.locked },
  unlock: { title: TEXT.unlockTitle, body: TEXT.unlockBody, button: TEXT.unlock, done: TEXT.unlocked },
  endSessions: { title: TEXT.endTitle, body: TEXT.endBody, button: TEXT.endSessions, done: TEXT.ended },
} as const;

const CALL = { lock: accountsApi.lock, unlock: accountsApi.unlock, endSessions: accountsApi.endSessions };

function ConfirmDialog({
  change,
  account,
  onClose,
  onDone,
  onGone,
}: {
  change: Exclude<Change, 'roles'>;
  account: StaffAccount;
  onClose: () => void;
  onDone: (list: StaffAccount[], message: string) => void;
  /** the account is no more: the list is read again */
  onGone: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const text = CONFIRM[change];
  const confirm = async () => {
    setBusy(true);
    setFailure('');
    try {
      onDone(await CALL[change](account.name), text.done(account.name));
    } catch (error) {
      setBusy(false);
      setFailure(failureMessage(error));
      if (error instanceof ApiFailure && error.returnCode === RETURN_CODE.notFound) onGone();
    }
  };
  return (
    <Dialog
      title={text.title(account.name)}
      onClose={onClose}
      actions={
        <>
          <BusyButton className="button primary" busy={busy} onClick={() => void confirm()}>
            {text.button}
          </BusyButton>
          <button type="button" className="button" onClick={onClose}>
            {TEXT.cancel}
          </button>
        </>
      }
    >
      <p>{text.body}</p>
      {failure && (
        <p className="form-error" role="alert">
          {TEXT.refused(failure)}
        </p>
      )}
    </Dialog>
  );
}

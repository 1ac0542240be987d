import { type FormEvent, useId, useRef, useState } from 'react';
import { ValidationError } from 'yup';
import { analystHref } from '../../domain/analyst-pages';
import { loginSchema } from '../../domain/api/staff';
import { ApiFailure } from '../../lib/api-client';
import { AnalystHeader } from './analyst-header';
import { atlasApi } from './atlas-api';

/** /groupins/login: a staff member's name and password; the server answers wrong ones alike and locks after 5. */
export function LoginScreen() {
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const errorId = useId();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    setFailure('');
    try {
      const values = { name: data.get('name'), password: data.get('password') };
      // the fields in the order they are on the form, so the message and the focus go to the first wrong one
      await loginSchema.validateAt('name', values);
      await loginSchema.validateAt('password', values);
      const login = loginSchema.cast(values);
      setBusy(true);
      await atlasApi.login(login.name, login.password);
      window.location.assign(analystHref('atlas'));
    } catch (error) {
      setBusy(false);
      const message =
        error instanceof ValidationError || error instanceof ApiFailure
          ? error.message
          : '登入失敗，請稍後再試';
      setFailure(message);
      const field = error instanceof ValidationError && error.path === 'password' ? 'password' : 'name';
      form.current?.querySelector<HTMLInputElement>(`[name="${field}"]`)?.focus();
    }
  };

  return (
    <>
      <AnalystHeader />
      <main id="main" className="analyst-main">
        <article className="screen analyst-login">
          <h1>分析人員登入</h1>
          <p className="lead">登入後可檢視各流程的狀態機、模擬、測試路徑與訪客流量。</p>
          <form
            ref={form}
            onSubmit={(event) => void submit(event)}
            noValidate
            aria-describedby={failure ? errorId : undefined}
          >
            {failure && (
              <p id={errorId} className="form-error" role="alert">
                {failure}
              </p>
            )}
            <div className="field">
              <label htmlFor="analyst-name">帳號</label>
              <input
                id="analyst-name"
                name="name"
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
              />
            </div>
            <div className="field">
              <label htmlFor="analyst-password">密碼</label>
              <input id="analyst-password" name="password" type="password" autoComplete="current-password" />
            </div>
            <button type="submit" className="button primary" disabled={busy}>
              {busy ? '登入中…' : '登入'}
            </button>
          </form>
        </article>
      </main>
    </>
  );
}

import { useRouter } from '@tanstack/react-router';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { ValidationError } from 'yup';
import { useCaptcha } from '../../components/captcha/use-captcha';
import { StaffHeader } from '../../components/staff-header';
import { loginSchema } from '../../domain/api/staff';
import { afterSignIn } from '../../domain/staff-pages';
import { ApiFailure } from '../../lib/api-client';
import { signInApi, signInNotice, staffSession, takeReturn } from '../../lib/staff-api';

/**
 * /groupins/login: a staff member's name and password, one sign-in for every role; the server answers wrong
 * ones alike, asks for the captcha after 3 in a row (shown from then on) and locks after 5. It says first
 * why the person was signed out, when it was not their doing (their session went 30 minutes without a
 * request). Then the page a lost session came from, or the first screen of the roles.
 */
export function LoginScreen() {
  const router = useRouter();
  const [failure, setFailure] = useState('');
  const [busy, setBusy] = useState(false);
  const [captchaAsked, setCaptchaAsked] = useState(false);
  const [notice] = useState(signInNotice.read);
  const captcha = useCaptcha();
  const form = useRef<HTMLFormElement>(null);
  const errorId = useId();
  useEffect(() => {
    document.title = '員工登入｜員工作業';
    signInNotice.clear();
  }, []);

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
      const solved = captchaAsked ? captcha.take() : undefined;
      // the captcha says itself that it is to be solved first
      if (solved === null) return;
      setBusy(true);
      const session = await signInApi.login(login.name, login.password, solved);
      staffSession.set(session);
      router.history.push(afterSignIn(takeReturn(), session.roles));
    } catch (error) {
      setBusy(false);
      if (error instanceof ApiFailure && error.data === 'loginCaptcha') setCaptchaAsked(true);
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
      <StaffHeader />
      <main id="main" className="staff-main">
        <article className="screen staff-login">
          <h1>員工登入</h1>
          <p className="lead">請以您的員工帳號登入；登入後可使用您的角色開放的功能。</p>
          {notice && (
            <p className="staff-notice" role="status">
              {notice}
            </p>
          )}
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
              <label htmlFor="staff-name">帳號</label>
              <input
                id="staff-name"
                name="name"
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
              />
            </div>
            <div className="field">
              <label htmlFor="staff-password">密碼</label>
              <input id="staff-password" name="password" type="password" autoComplete="current-password" />
            </div>
            {captchaAsked && captcha.field}
            <button type="submit" className="button primary" disabled={busy}>
              {busy ? '登入中…' : '登入'}
            </button>
          </form>
        </article>
      </main>
    </>
  );
}

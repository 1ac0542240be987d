import type { AltchaWidgetElement } from 'altcha';
// <altcha-widget> in JSX: the widget's own React typings (types only; nothing of the widget is bundled here)
import type {} from 'altcha/types/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { loadChunk } from '../../lib/chunk-loader';

type WidgetModule = typeof import('./altcha-widget');

interface CaptchaFieldProps {
  /** the payload to send with the form once the visitor has passed, null until then and after it lapses */
  onChange(payload: string | null): void;
  /** change it (e.g. after the server refused the payload) to start over with a fresh challenge */
  resetKey?: number;
}

interface StateChange {
  state: string;
  payload: string | null;
}

/**
 * The captcha (ALTCHA, self-hosted proof of work): a checkbox 「我不是機器人」; ticking it (click, or Space
 * on the focused box) makes the browser solve the server's challenge, about a second, and then reports
 * the payload. Nothing goes to a third party. The widget is loaded on first render, in its own chunk.
 */
export function CaptchaField({ onChange, resetKey = 0 }: CaptchaFieldProps) {
  const [widget, setWidget] = useState<WidgetModule | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const element = useRef<AltchaWidgetElement>(null);
  const reported = useRef<string | null>(null);
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });

  // tells the form only what changed
  const report = useCallback((payload: string | null) => {
    if (payload === reported.current) return;
    reported.current = payload;
    onChangeRef.current(payload);
  }, []);

  useEffect(() => {
    let live = true;
    loadChunk('captcha', () => import('./altcha-widget')).then(
      (module) => live && setWidget(module),
      () => live && setLoadFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    const el = element.current;
    if (!widget || !el) return;
    const onState = (event: Event) => {
      const { state, payload } = (event as CustomEvent<StateChange>).detail;
      report(state === 'verified' && payload ? payload : null);
    };
    // a function cannot go in the configuration attribute: set once the widget has mounted (its methods
    // are undefined until then, whatever its typings say)
    const configure = () => el.configure({ fetch: widget.fetchChallenge });
    el.addEventListener('statechange', onState);
    if ((el as Partial<AltchaWidgetElement>).configure) configure();
    else el.addEventListener('load', configure, { once: true });
    return () => {
      el.removeEventListener('statechange', onState);
      el.removeEventListener('load', configure);
    };
  }, [widget, report]);

  const lastResetKey = useRef(resetKey);
  useEffect(() => {
    if (resetKey === lastResetKey.current) return;
    lastResetKey.current = resetKey;
    element.current?.reset?.();
    report(null);
  }, [resetKey, report]);

  return (
    <div className="captcha-field">
      {widget ? (
        <altcha-widget
          ref={element}
          challenge={widget.CHALLENGE_URL}
          configuration={widget.WIDGET_CONFIGURATION}
        />
      ) : loadFailed ? (
        <p className="form-error" role="alert">
          驗證元件載入失敗，請重新整理頁面後再試
        </p>
      ) : (
        <p className="captcha-loading">驗證元件載入中…</p>
      )}
    </div>
  );
}

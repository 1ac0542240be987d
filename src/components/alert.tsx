import { createContext, type ReactNode, useCallback, useContext, useMemo, useRef, useState } from 'react';
import { Dialog } from './dialog';

interface AlertRequest {
  title: string;
  message: string;
}
type ShowAlert = (request: AlertRequest) => Promise<void>;

const AlertContext = createContext<ShowAlert | null>(null);

/**
 * One shared alert for a screen's forms (e.g. 日期錯誤): `await showAlert({ title, message })`. A screen
 * whose fields raise it provides it around them, so the alert loads with those screens' chunks and not
 * with every page (the home route's JS budget). The dialog itself is in the entry already (the session's
 * reminder uses it).
 */
export function AlertProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<AlertRequest | null>(null);
  const resolveRef = useRef<(() => void) | null>(null);

  const showAlert = useCallback<ShowAlert>((request) => {
    resolveRef.current?.();
    setCurrent(request);
    return new Promise<void>((resolve) => {
      resolveRef.current = resolve;
    });
  }, []);

  const close = useCallback(() => {
    setCurrent(null);
    resolveRef.current?.();
    resolveRef.current = null;
  }, []);

  const value = useMemo(() => showAlert, [showAlert]);
  return (
    <AlertContext.Provider value={value}>
      {children}
      {current && (
        <Dialog
          title={current.title}
          onClose={close}
          actions={
            <button type="button" className="button primary" onClick={close}>
              確定
            </button>
          }
        >
          <p>{current.message}</p>
        </Dialog>
      )}
    </AlertContext.Provider>
  );
}

export function useAlert(): ShowAlert {
  const showAlert = useContext(AlertContext);
  if (!showAlert) throw new Error('useAlert needs <AlertProvider> above it');
  return showAlert;
}

import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
} from 'react';

// Most visits raise no alert: the dialog's code loads with the first one.
const Dialog = lazy(() => import('./dialog').then((m) => ({ default: m.Dialog })));

interface AlertRequest {
  title: string;
  message: string;
}
type ShowAlert = (request: AlertRequest) => Promise<void>;

const AlertContext = createContext<ShowAlert | null>(null);

/** One shared alert for the site (e.g. 日期錯誤): `await showAlert({ title, message })`. */
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
        <Suspense fallback={null}>
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
        </Suspense>
      )}
    </AlertContext.Provider>
  );
}

export function useAlert(): ShowAlert {
  const showAlert = useContext(AlertContext);
  if (!showAlert) throw new Error('useAlert needs <AlertProvider> above it');
  return showAlert;
}

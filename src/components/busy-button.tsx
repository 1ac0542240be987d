import type { ComponentPropsWithRef } from 'react';

interface BusyButtonProps extends ComponentPropsWithRef<'button'> {
  /** while true the button is announced as unavailable and ignores clicks, but keeps its focus */
  busy: boolean | undefined;
}

/**
 * A button whose action waits for a call. While busy it is `aria-disabled` rather than `disabled`: a
 * disabled button loses focus, and a keyboard visitor would be dropped to the top of the page.
 */
export function BusyButton({ busy, onClick, type = 'button', ...props }: BusyButtonProps) {
  return (
    <button
      type={type}
      {...props}
      aria-disabled={busy || undefined}
      onClick={(event) => {
        if (busy) event.preventDefault();
        else onClick?.(event);
      }}
    />
  );
}

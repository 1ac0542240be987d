import type { ReactNode } from 'react';
import { staffMessages } from '../domain/staff-messages';

/*
 * The states every staff screen shares: reading, a failed read (with another try), and a screen the
 * person's roles do not allow.
 */

export function StaffReading({ what = '資料' }: { what?: string }) {
  return (
    <p className="lead" role="status">
      正在讀取{what}…
    </p>
  );
}

export function StaffFailure({ message, retry }: { message: string; retry?: () => void }) {
  return (
    <div className="staff-failure" role="alert">
      <p>{message}</p>
      {retry && (
        <button type="button" className="button" onClick={retry}>
          再試一次
        </button>
      )}
    </div>
  );
}

/** A screen the person's roles do not allow: its name, and why there is nothing under it. */
export function StaffForbidden({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <>
      <h1>{title}</h1>
      <p className="lead" role="alert">
        {staffMessages.staffForbidden()}
      </p>
      {children}
    </>
  );
}

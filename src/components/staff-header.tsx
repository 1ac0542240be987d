import { useRouterState } from '@tanstack/react-router';
import type { StaffSession } from '../domain/api/staff';
import { INSURER } from '../domain/insurer';
import { STAFF_PAGES, type StaffScreen, screensFor, staffHref } from '../domain/staff-pages';
import { rolesLabel } from '../domain/staff-roles';
import { StaffLink } from './staff-link';

/**
 * The staff's header: the brand and, once signed in, who (name and roles), the screens their roles allow
 * and the way out. Only those screens are listed; the server refuses the others' calls anyway.
 */
export function StaffHeader({ staff }: { staff?: StaffSession }) {
  return (
    <header className="site-header staff-header">
      <div className="header-bar">
        <span className="brand">
          <span className="brand-name">{INSURER.shortName}</span>
          <span className="brand-product">員工作業</span>
        </span>
        {staff && (
          <span className="staff-who">
            <span>
              {staff.name}
              <span className="staff-roles">（{rolesLabel(staff.roles)}）</span>
            </span>
            <a className="button" href={staffHref('logout')}>
              登出
            </a>
          </span>
        )}
      </div>
      {staff && screensFor(staff.roles).length > 0 && (
        <nav aria-label="員工作業" className="staff-nav">
          <ul>
            {screensFor(staff.roles).map((screen) => (
              <li key={screen}>
                <ScreenLink screen={screen} />
              </li>
            ))}
          </ul>
        </nav>
      )}
    </header>
  );
}

/** A screen of the navigation, marked when it is the page shown. */
function ScreenLink({ screen }: { screen: StaffScreen }) {
  const href = staffHref(screen);
  const current = useRouterState({ select: (s) => s.location.publicHref.split('?', 1)[0] === href });
  return (
    <StaffLink href={href} aria-current={current ? 'page' : undefined}>
      {STAFF_PAGES[screen].nav}
    </StaffLink>
  );
}

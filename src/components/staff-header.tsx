import { useRouter, useRouterState } from '@tanstack/react-router';
import type { StaffSession } from '../domain/api/staff';
import { INSURER } from '../domain/insurer';
import { type NavScreen, STAFF_PAGES, screensFor, staffHref } from '../domain/staff-pages';
import { rolesLabel } from '../domain/staff-roles';

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
                <StaffLink screen={screen} />
              </li>
            ))}
          </ul>
        </nav>
      )}
    </header>
  );
}

/**
 * A screen of the navigation: a real link (a new tab works), followed in the page by the staff's router.
 * The visitors' router types TanStack's own Link, so the staff's links go through the history.
 */
function StaffLink({ screen }: { screen: NavScreen }) {
  const router = useRouter();
  const href = staffHref(screen);
  const current = useRouterState({ select: (s) => s.location.publicHref.split('?', 1)[0] === href });
  return (
    <a
      href={href}
      aria-current={current ? 'page' : undefined}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
        event.preventDefault();
        router.history.push(href);
      }}
    >
      {STAFF_PAGES[screen].nav}
    </a>
  );
}

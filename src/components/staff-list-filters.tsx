import { Form, Formik, useFormikContext } from 'formik';
import {
  type KeyboardEvent,
  type ReactNode,
  useEffect,
  useId,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import type { AnyObjectSchema } from 'yup';
import type { StaffFilters } from '../lib/staff-query';
import { StaffLink } from './staff-link';

/** What a filter's cast value is in the address: none is empty. */
const shown = (value: unknown) =>
  value === undefined || value === null || value === false ? '' : String(value);

/** The width below which a staff list's filters fold behind 篩選 (src/staff.css's phone layout). */
const PHONE = '(max-width: 48rem)';

/** Whether the window is a phone's width now; without matchMedia (a test's DOM), a desktop's. */
function usePhoneWidth(): boolean {
  return useSyncExternalStore(
    (changed) => {
      const query = window.matchMedia?.(PHONE);
      query?.addEventListener('change', changed);
      return () => query?.removeEventListener('change', changed);
    },
    () => window.matchMedia?.(PHONE).matches ?? false,
    () => false,
  );
}

/**
 * The filters of a staff list (篩選) as one compact bar: the fields that come first (`children`: dates,
 * status, search), then behind 更多條件 the rest (`more`), checked by the list's query schema, and 查詢 and
 * 清除條件, which hand the filters as the address holds them to `onSearch`. 更多條件 opens by itself when
 * the address sets one of its filters or one of its fields holds a mistake. At a phone's width the whole
 * bar folds behind a 篩選 button, so the list comes first; a search folds it again.
 */
export function StaffListFilters<Key extends string>({
  keys,
  filters,
  schema,
  onSearch,
  children,
  more,
}: {
  keys: readonly Key[];
  filters: StaffFilters<Key>;
  schema: AnyObjectSchema;
  onSearch: (filters: StaffFilters<Key>) => void;
  children: ReactNode;
  /** the filters behind 更多條件: their keys and their fields */
  more?: { keys: readonly Key[]; fields: ReactNode };
}) {
  const moreId = useId();
  const moreSet = more?.keys.some((key) => filters[key] !== '') ?? false;
  const [moreOpen, setMoreOpen] = useState(moreSet);
  useEffect(() => {
    if (moreSet) setMoreOpen(true);
  }, [moreSet]);
  const none = Object.fromEntries(keys.map((key) => [key, ''])) as StaffFilters<Key>;
  const active = keys.filter((key) => filters[key] !== '').length;
  return (
    <StaffFilterFold active={active}>
      {(foldAgain) => (
        <Formik
          initialValues={filters}
          enableReinitialize
          validationSchema={schema}
          validateOnBlur
          validateOnChange={false}
          onSubmit={(values) => {
            // a field left empty is no filter: as Formik validates it, so it is cast (a boolean refuses '')
            const given = Object.fromEntries(
              Object.entries(values).map(([key, value]) => [key, value === '' ? undefined : value]),
            );
            const cast = schema.cast(given) as Record<Key, unknown>;
            onSearch(Object.fromEntries(keys.map((key) => [key, shown(cast[key])])) as StaffFilters<Key>);
            foldAgain();
          }}
        >
          {({ resetForm }) => (
            <Form noValidate className="staff-filter-form">
              {children}
              {more && (
                <>
                  <OpenOnMistake keys={more.keys} open={() => setMoreOpen(true)} />
                  <div className="staff-filter-more-toggle">
                    <button
                      type="button"
                      className="button"
                      aria-expanded={moreOpen}
                      aria-controls={moreId}
                      onClick={() => setMoreOpen((was) => !was)}
                    >
                      更多條件
                    </button>
                  </div>
                  <div id={moreId} className="staff-filter-more" hidden={!moreOpen}>
                    {more.fields}
                  </div>
                </>
              )}
              <div className="form-actions">
                <button type="submit" className="button primary">
                  查詢
                </button>
                <button
                  type="button"
                  className="button"
                  onClick={() => {
                    resetForm({ values: none });
                    onSearch(none);
                    foldAgain();
                  }}
                >
                  清除條件
                </button>
              </div>
            </Form>
          )}
        </Formik>
      )}
    </StaffFilterFold>
  );
}

/**
 * A list's filters under their heading 篩選: on a wide screen shown, the heading for a screen reader only; at a
 * phone's width folded behind the heading's 篩選 button (aria-expanded), which says how many filters are set.
 * Escape inside folds them and gives the button the focus; so does a search (`children` is handed that).
 */
export function StaffFilterFold({
  active,
  level = 2,
  children,
}: {
  /** how many filters are set */
  active: number;
  /** the heading's level: 3 when the filters are inside a section of the list */
  level?: 2 | 3;
  children: (folded: () => void) => ReactNode;
}) {
  const Heading = level === 3 ? 'h3' : 'h2';
  const headingId = useId();
  const bodyId = useId();
  const phone = usePhoneWidth();
  const [folded, setFolded] = useState(true);
  const fold = useRef<HTMLButtonElement>(null);
  const foldAgain = () => {
    if (!phone) return;
    setFolded(true);
    fold.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (!phone || event.key !== 'Escape') return;
    event.preventDefault();
    foldAgain();
  };
  return (
    <section aria-labelledby={headingId} className="staff-filters">
      <Heading id={headingId} className={phone ? 'staff-filters-heading' : 'visually-hidden'}>
        {phone ? (
          <button
            ref={fold}
            type="button"
            className="button staff-filters-fold"
            aria-expanded={!folded}
            aria-controls={bodyId}
            onClick={() => setFolded((was) => !was)}
          >
            篩選
            {active > 0 && <span className="staff-filters-active">{`（${active} 項條件）`}</span>}
          </button>
        ) : (
          '篩選'
        )}
      </Heading>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: Escape from a control inside folds them */}
      <div id={bodyId} hidden={phone && folded} onKeyDown={onKeyDown}>
        {children(foldAgain)}
      </div>
    </section>
  );
}

/** Opens 更多條件 when a search is refused for a mistake in one of its fields, so the message is seen. */
function OpenOnMistake({ keys, open }: { keys: readonly string[]; open: () => void }) {
  const { submitCount, errors } = useFormikContext<Record<string, unknown>>();
  const mistaken = keys.some((key) => (errors as Record<string, unknown>)[key] !== undefined);
  // on a search asked and on a mistake found, not on each render: 更多條件 may be closed again over one
  // biome-ignore lint/correctness/useExhaustiveDependencies: as above
  useEffect(() => {
    if (submitCount > 0 && mistaken) open();
  }, [submitCount, mistaken]);
  return null;
}

/**
 * How many rows each status holds under the other filters (各狀態件數), each a link that shows them, 全部
 * first. Real links, so a new tab works; in the page the staff's router follows them.
 */
export function StaffStatusCounts({
  statuses,
  current,
  hrefOf,
}: {
  statuses: ReadonlyArray<{ status: string; label: string; count: number }>;
  current: string;
  hrefOf: (status: string) => string;
}) {
  const headingId = useId();
  const total = statuses.reduce((sum, { count }) => sum + count, 0);
  return (
    <section aria-labelledby={headingId} className="staff-counts">
      {/* each link says what it counts: the row needs no visible heading */}
      <h2 id={headingId} className="visually-hidden">
        各狀態件數
      </h2>
      <ul>
        {[{ status: '', label: '全部', count: total }, ...statuses].map(({ status, label, count }) => (
          <li key={label}>
            <StaffLink href={hrefOf(status)} aria-current={current === status ? 'true' : undefined}>
              {`${label} ${count} 件`}
            </StaffLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

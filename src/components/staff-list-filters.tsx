import { Form, Formik } from 'formik';
import { type ReactNode, useId } from 'react';
import type { AnyObjectSchema } from 'yup';
import type { StaffFilters } from '../lib/staff-query';
import { StaffLink } from './staff-link';

/** What a filter's cast value is in the address: none is empty. */
const shown = (value: unknown) =>
  value === undefined || value === null || value === false ? '' : String(value);

/**
 * The filters of a staff list (篩選): its fields (`children`), checked by the list's query schema, and 查詢 and
 * 清除條件, which hand the filters as the address holds them to `onSearch`.
 */
export function StaffListFilters<Key extends string>({
  keys,
  filters,
  schema,
  onSearch,
  children,
}: {
  keys: readonly Key[];
  filters: StaffFilters<Key>;
  schema: AnyObjectSchema;
  onSearch: (filters: StaffFilters<Key>) => void;
  children: ReactNode;
}) {
  const headingId = useId();
  const none = Object.fromEntries(keys.map((key) => [key, ''])) as StaffFilters<Key>;
  return (
    <section aria-labelledby={headingId} className="staff-filters">
      <h2 id={headingId}>篩選</h2>
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
        }}
      >
        {({ resetForm }) => (
          <Form noValidate className="staff-filter-form">
            {children}
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
                }}
              >
                清除條件
              </button>
            </div>
          </Form>
        )}
      </Formik>
    </section>
  );
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
      <h2 id={headingId}>各狀態件數</h2>
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

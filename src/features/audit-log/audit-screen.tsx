import { useRouter, useRouterState } from '@tanstack/react-router';
import { Form, Formik } from 'formik';
import { useEffect, useId, useState } from 'react';
import { FormField } from '../../components/form-field';
import { pageCountOf, pageCountText, StaffPager } from '../../components/staff-pager';
import { StaffFailure, StaffReading } from '../../components/staff-states';
import { StaffTable } from '../../components/staff-table';
import { type AuditEntry, type AuditPage, auditQuerySchema } from '../../domain/api/staff';
import { actorLabel, auditActionLabel } from '../../domain/audit-actions';
import { formatTaipeiSecond } from '../../domain/roc-date';
import { STAFF_PAGES } from '../../domain/staff-pages';
import { failureMessage } from '../../lib/staff-api';
import { type StaffFilters, staffListHref, staffQuery, staffQueryOf } from '../../lib/staff-query';
import { auditApi } from './audit-api';

/*
 * 稽核紀錄 (admin, docs/specification.md §6): every staff action, newest first, a page at a time from the
 * server, filtered by person, 受理編號 and Taipei days. The filters and the page are the address's query, so
 * a reload, Back or a shared link shows the same. It only reads: nothing here edits or deletes an entry.
 */

const TEXT = {
  filters: '篩選',
  person: '人員',
  personHint: '帳號名稱；主機指令為 (operator)，不明帳號為 (unknown)',
  applicationNo: '受理編號',
  from: '起日',
  to: '迄日',
  search: '查詢',
  clear: '清除條件',
  entries: '稽核紀錄',
  at: '時間',
  actor: '人員',
  action: '動作',
  target: '對象',
  detail: '說明',
  none: '沒有符合條件的紀錄。',
  applicationTarget: (no: string) => `受理編號 ${no}`,
  contactTarget: (no: string) => `案件編號 ${no}`,
  staffTarget: (name: string) => `帳號 ${name}`,
} as const;

const FILTERS = ['person', 'applicationNo', 'from', 'to'] as const;
type Filters = StaffFilters<(typeof FILTERS)[number]>;

function targetOf(entry: AuditEntry): string {
  return [
    entry.applicationNo && TEXT.applicationTarget(entry.applicationNo),
    entry.contactNo && TEXT.contactTarget(entry.contactNo),
    entry.targetStaff && TEXT.staffTarget(entry.targetStaff),
  ]
    .filter(Boolean)
    .join('、');
}

export function AuditScreen() {
  const router = useRouter();
  const search = useRouterState({ select: (s) => s.location.searchStr });
  const { filters, page } = staffQueryOf(search, FILTERS);
  const [answer, setAnswer] = useState<{ search: string; page: AuditPage } | null>(null);
  const [failure, setFailure] = useState('');
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the query is read again when the address's query changes, or on 再試一次
  useEffect(() => {
    let current = true;
    setFailure('');
    auditApi.read(staffQuery(filters, FILTERS, page)).then(
      (read) => current && setAnswer({ search, page: read }),
      (error: unknown) => current && setFailure(failureMessage(error)),
    );
    return () => {
      current = false;
    };
  }, [search, attempt]);

  const go = (next: Filters, to: number) => router.history.push(staffListHref('audit', next, FILTERS, to));
  // the page shown stays while the next is read, so the control that asked for it keeps its focus
  const reading = answer?.search !== search;

  return (
    <>
      <h1>{STAFF_PAGES.audit.title}</h1>
      <AuditFilters filters={filters} onSearch={(next) => go(next, 1)} />
      {failure && <StaffFailure message={failure} retry={() => setAttempt((n) => n + 1)} />}
      {!failure && reading && <StaffReading what={TEXT.entries} />}
      {answer && <AuditEntries page={answer.page} onPage={(page) => go(filters, page)} />}
    </>
  );
}

function AuditFilters({ filters, onSearch }: { filters: Filters; onSearch: (filters: Filters) => void }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="staff-filters">
      <h2 id={headingId}>{TEXT.filters}</h2>
      <Formik
        initialValues={filters}
        enableReinitialize
        validationSchema={auditQuerySchema}
        validateOnBlur
        validateOnChange={false}
        onSubmit={(values) => {
          const cast = auditQuerySchema.cast(values);
          onSearch({
            person: cast.person ?? '',
            applicationNo: cast.applicationNo ?? '',
            from: cast.from ?? '',
            to: cast.to ?? '',
          });
        }}
      >
        {({ resetForm }) => (
          <Form noValidate className="staff-filter-form">
            <FormField
              name="person"
              label={TEXT.person}
              hint={TEXT.personHint}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
            />
            <FormField
              name="applicationNo"
              label={TEXT.applicationNo}
              autoComplete="off"
              spellCheck={false}
            />
            <FormField name="from" label={TEXT.from} type="date" />
            <FormField name="to" label={TEXT.to} type="date" />
            <div className="form-actions">
              <button type="submit" className="button primary">
                {TEXT.search}
              </button>
              <button
                type="button"
                className="button"
                onClick={() => {
                  const none = { person: '', applicationNo: '', from: '', to: '' };
                  resetForm({ values: none });
                  onSearch(none);
                }}
              >
                {TEXT.clear}
              </button>
            </div>
          </Form>
        )}
      </Formik>
    </section>
  );
}

function AuditEntries({ page, onPage }: { page: AuditPage; onPage: (page: number) => void }) {
  const headingId = useId();
  const pages = pageCountOf(page.total, page.pageSize);
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{TEXT.entries}</h2>
      <p data-testid="audit-count">{pageCountText(page.total, page.page, pages)}</p>
      {page.entries.length === 0 ? (
        <p>{TEXT.none}</p>
      ) : (
        <StaffTable
          labelledBy={headingId}
          rows={page.entries}
          rowKey={(entry) => entry.id}
          rowHeader={{ header: TEXT.at, cell: (entry) => formatTaipeiSecond(entry.at) }}
          columns={[
            { header: TEXT.actor, cell: (entry) => actorLabel(entry.actor) },
            { header: TEXT.action, cell: (entry) => auditActionLabel(entry.action) },
            { header: TEXT.target, cell: targetOf },
            { header: TEXT.detail, cell: (entry) => entry.detail },
          ]}
        />
      )}
      <StaffPager page={page.page} pages={pages} onPage={onPage} />
    </section>
  );
}

import { useId } from 'react';
import { FormField } from '../../components/form-field';
import { StaffListFilters } from '../../components/staff-list-filters';
import { pageCountOf, pageCountText, StaffPager } from '../../components/staff-pager';
import { StaffFailure, StaffReading } from '../../components/staff-states';
import { StaffTable } from '../../components/staff-table';
import { type AuditEntry, type AuditPage, auditQuerySchema } from '../../domain/api/staff';
import { actorLabel, auditActionLabel } from '../../domain/audit-actions';
import { formatTaipeiSecond } from '../../domain/roc-date';
import { STAFF_PAGES } from '../../domain/staff-pages';
import type { StaffFilters } from '../../lib/staff-query';
import { useStaffList } from '../../lib/use-staff-list';
import { auditApi } from './audit-api';

/*
 * 稽核紀錄 (admin, docs/specification.md §6): every staff action, newest first, a page at a time from the
 * server, filtered by person, 受理編號 and Taipei days. The filters and the page are the address's query, so
 * a reload, Back or a shared link shows the same. It only reads: nothing here edits or deletes an entry.
 */

const TEXT = {
  person: '人員',
  personHint: '帳號名稱；主機指令為 (operator)，不明帳號為 (unknown)',
  applicationNo: '受理編號',
  from: '起日',
  to: '迄日',
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
  const { filters, answer, failure, retry, reading, go } = useStaffList('audit', FILTERS, auditApi.read);

  return (
    <>
      <h1>{STAFF_PAGES.audit.title}</h1>
      <AuditFilters filters={filters} onSearch={(next) => go(next, 1)} />
      {failure && <StaffFailure message={failure.message} retry={failure.retry ? retry : undefined} />}
      {!failure && reading && <StaffReading what={TEXT.entries} />}
      {answer && <AuditEntries page={answer} onPage={(page) => go(filters, page)} />}
    </>
  );
}

function AuditFilters({ filters, onSearch }: { filters: Filters; onSearch: (filters: Filters) => void }) {
  return (
    <StaffListFilters keys={FILTERS} filters={filters} schema={auditQuerySchema} onSearch={onSearch}>
      <FormField name="from" label={TEXT.from} type="date" />
      <FormField name="to" label={TEXT.to} type="date" />
      <FormField
        name="person"
        label={TEXT.person}
        hint={TEXT.personHint}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
      />
      <FormField name="applicationNo" label={TEXT.applicationNo} autoComplete="off" spellCheck={false} />
    </StaffListFilters>
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

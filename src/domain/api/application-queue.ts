import { type InferType, object, ref, string } from 'yup';
import { APPLICATION_STATUSES, type ApplicationStatus } from '../application-status';
import { INDUSTRY_VALUES } from '../industry';
import { messages } from '../messages';
import { GROUP_SIZE } from '../pricing';
import { text } from '../validation/fields';
import { labelOf } from '../validation/params';
import { dayField, pageField, wholeNumber } from '../validation/query-fields';

/*
 * The underwriter's application queue (docs/specification.md §6): GET staff/applications answers a page,
 * GET staff/applications/export the whole filtered list as CSV. Both take the same query.
 */

/** Applications per page of the queue. */
export const QUEUE_PAGE_SIZE = 20;
/** The most rows one CSV export holds; a longer list is narrowed by its filters first. */
export const QUEUE_EXPORT_MAX = 10_000;

/** Query of the queue and its export: each filter optional; `q` finds a 受理編號, 統一編號 or company name. */
export const applicationQueueSchema = object({
  status: string<ApplicationStatus | ''>()
    .label('案件狀態')
    .oneOf(['', ...APPLICATION_STATUSES], (p) => messages.format(labelOf(p))),
  from: dayField('受理起日'),
  to: dayField('受理迄日'),
  headcountMin: wholeNumber('投保人數下限', GROUP_SIZE.min, GROUP_SIZE.maxOnline),
  headcountMax: wholeNumber('投保人數上限', GROUP_SIZE.min, GROUP_SIZE.maxOnline).when(
    'headcountMin',
    ([min], schema) =>
      typeof min === 'number' ? schema.min(ref('headcountMin'), '投保人數上限不可小於下限') : schema,
  ),
  industry: string()
    .label('行業類別')
    .oneOf(['', ...INDUSTRY_VALUES], (p) => messages.format(labelOf(p))),
  q: text('搜尋').max(60, (p) => messages.maxLength(labelOf(p), 60)),
  page: pageField(),
});
export type ApplicationQueueQuery = InferType<typeof applicationQueueSchema>;

/** One application as the queue lists it: nothing of its roster. Instants are ISO strings. */
export interface QueueRow {
  applicationNo: string;
  companyName: string;
  taxId: string;
  status: ApplicationStatus;
  industry: string;
  headcount: number;
  premiumAnnual: number;
  /** 受理 */
  createdAt: string;
  /** where its wait starts: 受理, or at 待補件 the request for documents */
  waitingSince: string;
}

export interface QueuePage {
  rows: QueueRow[];
  page: number;
  pageSize: number;
  /** the applications the filters find */
  total: number;
  /** per status, the applications the filters but the status find */
  counts: Record<ApplicationStatus, number>;
  /** the server's instant of the answer: each wait is counted up to it */
  asOf: string;
}

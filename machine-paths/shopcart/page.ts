import type { ShopcartInput } from '../../machines/shopcart.context';
import type { Applicant, ShopcartPlan } from '../../src/domain/api/shopcart';
import { applicationRules } from '../../src/domain/application-rules';
import type { Cart } from '../../src/domain/cart-item';
import { formatRoc } from '../../src/domain/roc-date';
import { ROSTER_COLUMNS, type RosterRow } from '../../src/domain/roster';
import { type PageVisit, pageVisit } from '../../tests/support/page-identifiers';
import type { ShopcartView } from './oracle';
import { sampleCartOf } from './samples';

// What the shopcart's page runs share in jsdom and in Chromium: the visitor's typing of the samples, and
// the cart another tab changes.

/** What the fake server and the visitor hold during one page run: the ids and captchas, and the cart. */
export interface ShopcartVisit extends PageVisit {
  /** the cart getCart answers (another tab changes it) */
  cart: Cart;
}

export const shopcartVisit = (input: ShopcartInput): ShopcartVisit => ({
  ...pageVisit(input.requestId),
  cart: sampleCartOf(input.cart),
});

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/** STEP1's controls, by label, with what the visitor types or picks for `plan` on this cart. */
export function planFields(plan: unknown, cart: Cart): Array<[string, string]> {
  const p = plan as ShopcartPlan;
  return [
    ['投保人數', text(p.headcount)],
    ['職業類別', text(p.occupationClass)],
    ['平均年齡', text(p.averageAge)],
    ...(applicationRules(cart).needsSalary ? [['平均月薪', text(p.averageSalary)] as [string, string]] : []),
  ];
}

/** STEP2's controls, by label, in the form's order (鄉鎮市區 after 縣市), for `applicant` on this cart. */
export function applicantFields(applicant: unknown, cart: Cart): Array<[string, string]> {
  const a = applicant as Applicant;
  const salary: Array<[string, string]> = applicationRules(cart).needsSalary
    ? [
        ['員工總月薪', text(a.totalSalary)],
        ['最高月薪', text(a.maxSalary)],
      ]
    : [];
  return [
    ['要保單位名稱', a.companyName],
    ['統一編號', a.taxId],
    ['負責人', a.representative],
    ['行業類別', a.industry],
    ['縣市', a.city],
    ['鄉鎮市區', a.district],
    ['地址', a.street],
    ['聯絡人', a.contactName],
    ['聯絡人職稱', a.contactTitle],
    ['手機號碼', text(a.mobile)],
    ['市話', text(a.phone)],
    ['分機', text(a.phoneExt)],
    ['電子郵件', a.email],
    ['投保人數', text(a.headcount)],
    ...salary,
    ['投保始期', formatRoc(a.startDate)],
    ['被保險人最低年齡', text(a.ageMin)],
    ['被保險人最高年齡', text(a.ageMax)],
  ];
}

/**
 * The 名冊 as the visitor saves it from Excel, as the template (src/domain/roster-file.ts) is: UTF-8 with a
 * BOM, CRLF, the template's columns, ROC birth dates (Rmmdd), 男/女. `change` edits a row's cells.
 */
export function rosterCsv(
  rows: readonly unknown[],
  change: (cells: string[], index: number) => string[] = (cells) => cells,
): string {
  const lines = (rows as RosterRow[]).map((r, i) =>
    change(
      [
        r.name,
        r.personId,
        formatRoc(r.birthDate, 'compact'),
        r.gender === 'M' ? '男' : '女',
        r.occupationClass,
        text(r.monthlySalary),
      ],
      i,
    ).join(','),
  );
  return `\uFEFF${[ROSTER_COLUMNS.join(','), ...lines].join('\r\n')}\r\n`;
}

/** The step in an address (/shopcart/STEP<n>); 0 for any other page. */
export const stepOfPath = (path: string) => Number(/\/shopcart\/STEP([1-4])$/.exec(path)?.[1] ?? 0);

/** The screen's view, whose step must also be the one in the address bar. */
export function viewAt(addressStep: number, view: ShopcartView): ShopcartView {
  if (addressStep === view.step) return view;
  return { ...view, step: `the address says STEP${addressStep}, the page shows STEP${view.step}` as never };
}

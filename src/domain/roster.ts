import Papa from 'papaparse';
import { type AnyObject, object, type TestContext, ValidationError } from 'yup';
import { EARLIEST_BIRTH_YEAR, SALARY_LIMITS, SALARY_UNIT } from './constants';
import { toHalfWidth, trimAll, upperCase } from './input-helpers';
import { messages } from './messages';
import { isValidPersonId } from './national-id';
import { OCCUPATION_CLASS_VALUES } from './occupation';
import { GROUP_SIZE } from './pricing';
import { ageOn, parseDateInput, taipeiDate } from './roc-date';
import { birthDate } from './validation/date-rules';
import { amount, choice, dateText, text } from './validation/fields';
import { personId } from './validation/id-rules';
import { between } from './validation/number-rules';
import { maxLength, numeric } from './validation/text-rules';

/*
 * The 被保險人名冊 (docs/domain.md §1.2): a CSV of one insured person a row. The same row schema checks the rows
 * parsed in the browser and the JSON rows the server receives. The validation context:
 *   $today        ISO date in Asia/Taipei
 *   $startDate    ISO 投保始期, if known: ages count on it, else on $today
 *   $ages         [youngest, oldest] join ages of the cart
 *   $needsSalary  the cart holds a salary-multiple item, so 月投保薪資 is required
 */
export interface RosterContext {
  today: string;
  ages: readonly [number, number];
  needsSalary: boolean;
  startDate?: string;
}

/** At most the online group size; larger groups are quoted by staff. */
export const ROSTER_MAX_ROWS = GROUP_SIZE.maxOnline;

export const ROSTER_COLUMNS = ['姓名', '身分證字號', '出生日期', '性別', '職業類別', '月投保薪資'] as const;
export type RosterColumn = (typeof ROSTER_COLUMNS)[number];

export interface RosterRow {
  name: string;
  personId: string;
  /** ISO yyyy-MM-dd */
  birthDate: string;
  gender: 'M' | 'F';
  occupationClass: string;
  monthlySalary?: number;
}

/** `row` as Excel numbers it (the header is row 1; 0 for the whole file); `column` '' for the whole file. */
export interface RosterError {
  row: number;
  column: RosterColumn | '';
  message: string;
}

const FIELDS: Record<RosterColumn, keyof RosterRow> = {
  姓名: 'name',
  身分證字號: 'personId',
  出生日期: 'birthDate',
  性別: 'gender',
  職業類別: 'occupationClass',
  月投保薪資: 'monthlySalary',
};

// Header cells as other templates write them, compared after headerKey() (so 身份證 = 身分證).
const HEADER_ALIASES: Record<RosterColumn, readonly string[]> = {
  姓名: ['姓名', '被保險人姓名', '員工姓名', '名字'],
  身分證字號: (
    '身分證字號 身分證號 身分證號碼 身分證 身分證/居留證號 身分證/居留證號碼 身分證字號或居留證號 ' +
    '身分證字號/居留證號 身分證字號/統一證號 居留證號 居留證號碼 統一證號'
  ).split(' '),
  出生日期: ['出生日期', '生日', '出生年月日', '出生日'],
  性別: ['性別'],
  職業類別: ['職業類別', '職業等級', '職類', '職業類'],
  月投保薪資: ['月投保薪資', '投保薪資', '月薪', '月薪資', '薪資'],
};

const GENDERS: Record<string, 'M' | 'F'> = { M: 'M', F: 'F', 男: 'M', 女: 'F', 男性: 'M', 女性: 'F' };

/** 男/女/m/f (full-width too) as M/F; anything else is kept for `oneOf` to refuse. */
function normalizeGender(value: unknown): unknown {
  return typeof value === 'string' ? (GENDERS[trimAll(toHalfWidth(value)).toUpperCase()] ?? value) : value;
}

/** `１`, `第1類`, `第 1 類`, `1類` as `1`; anything else is kept for `oneOf` to refuse. */
function normalizeClass(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const m = /^第?(\d+)類?$/.exec(toHalfWidth(value).replace(/\s+/g, ''));
  return m ? String(Number(m[1])) : value;
}

/** The day ages count on: `$startDate` when it is a date, else `$today` (an ISO date or an instant). */
function ageDay(ctx: Partial<RosterContext>): string | undefined {
  for (const day of [ctx.startDate, ctx.today] as unknown[]) {
    if (day instanceof Date) return taipeiDate(day);
    const parsed = typeof day === 'string' ? parseDateInput(day) : undefined;
    if (parsed?.ok) return taipeiDate(parsed.date);
  }
  return undefined;
}

/** docs/specification.md §5 age range with the cart's `$ages`; a date `birthDate()` refuses is left to it. */
function insuredAge(this: TestContext<AnyObject>, value: unknown) {
  const ctx = (this.options.context ?? {}) as Partial<RosterContext>;
  const parsed = typeof value === 'string' ? parseDateInput(value) : undefined;
  if (!ctx.ages || !parsed?.ok || parsed.date < `${EARLIEST_BIRTH_YEAR}-01-01`) return true;
  const on = ageDay(ctx);
  if (on === undefined) throw new Error(`${this.path}: pass $today or $startDate in the context`);
  const [min, max] = ctx.ages;
  const age = ageOn(parsed.date, on);
  return (age >= min && age <= max) || this.createError({ message: messages.ageRange(min, max) });
}

export const rosterRowSchema = object({
  name: text('姓名').required().test(maxLength(40)),
  personId: text('身分證字號', 'upper').required().test(personId()),
  birthDate: dateText('出生日期').required().test(birthDate()).test({ name: 'rosterAge', test: insuredAge }),
  gender: choice('性別')
    .transform(normalizeGender)
    .required()
    .oneOf(['M', 'F'] as const),
  occupationClass: choice('職業類別').transform(normalizeClass).required().oneOf(OCCUPATION_CLASS_VALUES),
  monthlySalary: amount('月投保薪資')
    .test(numeric())
    .test(between(1, SALARY_LIMITS.maxMonthlySalaryWan * SALARY_UNIT))
    .when('$needsSalary', ([needs], s) => (needs === true ? s.required() : s.optional())),
});

/** A header cell as compared: half-width, no spaces, no `*` marks, no trailing note such as `(民國)`. */
function headerKey(cell: string): string {
  return toHalfWidth(cell)
    .replace(/\s+/g, '')
    .replace(/份/g, '分')
    .replace(/^\*+|\*+$/g, '')
    .replace(/\([^)]*\)$/, '');
}

function columnOf(cell: string): RosterColumn | undefined {
  const key = headerKey(cell);
  return ROSTER_COLUMNS.find((column) => HEADER_ALIASES[column].includes(key));
}

/** An error of the whole file (row 0) or of its layout; no row is read. */
const fileError = (row: number, message: string) => ({
  rows: [] as RosterRow[],
  errors: [{ row, column: '', message }] as RosterError[],
});

const cellError = (row: number, column: RosterColumn | '', message: string): RosterError => ({
  row,
  column,
  message: column ? `第${row}列「${column}」：${message}` : `第${row}列：${message}`,
});

/** Where each column is in the header row, or the errors of a header that lacks or repeats one. */
function readHeader(cells: string[], row: number, needsSalary: boolean) {
  const index = new Map<RosterColumn, number>();
  const errors: RosterError[] = [];
  cells.forEach((cell, i) => {
    const column = columnOf(cell);
    if (column && index.has(column)) errors.push({ row, column, message: `名冊的「${column}」欄位重複` });
    else if (column) index.set(column, i);
  });
  for (const column of ROSTER_COLUMNS) {
    if (!index.has(column) && (column !== '月投保薪資' || needsSalary))
      errors.push({ row, column, message: `名冊缺少「${column}」欄位` });
  }
  return { index, errors };
}

/**
 * Reads a 名冊 CSV: the first non-blank row is the header (columns in any order, unknown ones ignored).
 * Blank rows are skipped but counted, so every error names the row Excel shows. `rows` holds the rows
 * without errors, normalised (ISO birth date, M/F, class 1-6, salary a number).
 */
export function parseRoster(
  csv: string,
  context: RosterContext,
): { rows: RosterRow[]; errors: RosterError[] } {
  const parsed = Papa.parse<string[]>(csv.replace(/^\uFEFF/, ''), { header: false, skipEmptyLines: false });
  const quote = parsed.errors.find((e) => e.type === 'Quotes');
  if (quote) return fileError((quote.row ?? 0) + 1, `第${(quote.row ?? 0) + 1}列的引號不成對`);
  const [header, ...data] = parsed.data
    .map((cells, i) => ({ row: i + 1, cells: cells.map(trimAll) }))
    .filter(({ cells }) => cells.some((cell) => cell !== ''));
  if (!header || data.length === 0) return fileError(0, '名冊沒有資料');
  const { index, errors } = readHeader(header.cells, header.row, context.needsSalary);
  if (errors.length > 0) return { rows: [], errors: sorted(errors) };
  if (data.length > ROSTER_MAX_ROWS) return fileError(0, messages.maxCount('被保險人名冊', ROSTER_MAX_ROWS));

  const rows: RosterRow[] = [];
  const seen = new Map<string, number>();
  for (const { row, cells } of data) {
    const raw: Record<string, string | undefined> = {};
    for (const [column, i] of index) raw[FIELDS[column]] = cells[i];
    const found: RosterError[] = [];
    const id = upperCase(raw.personId ?? '');
    const earlier = seen.get(id);
    if (earlier !== undefined) found.push(cellError(row, '身分證字號', `與第${earlier}列重複`));
    else if (isValidPersonId(id)) seen.set(id, row);
    try {
      const valid: RosterRow = rosterRowSchema.validateSync(raw, { abortEarly: false, context });
      if (found.length === 0) rows.push(valid);
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      for (const e of error.inner.length > 0 ? error.inner : [error])
        found.push(cellError(row, columnFor(e.path), e.message));
    }
    errors.push(...found);
  }
  return { rows, errors: sorted(errors) };
}

function columnFor(path: string | undefined): RosterColumn | '' {
  return ROSTER_COLUMNS.find((column) => FIELDS[column] === path) ?? '';
}

function sorted(errors: RosterError[]): RosterError[] {
  const order = (column: RosterColumn | '') => (column === '' ? -1 : ROSTER_COLUMNS.indexOf(column));
  return errors.sort((a, b) => a.row - b.row || order(a.column) - order(b.column));
}

import { APPLICATION_STATUSES, type ApplicationStatus } from '../../src/domain/application-status';
import { INDUSTRY_VALUES } from '../../src/domain/industry';
import { GROUP_SIZE } from '../../src/domain/pricing';
import { taipeiDate } from '../../src/domain/roc-date';
import { isValidTaxId } from '../../src/domain/tax-id';
import { dailyNumber } from '../../src/server/db/repositories/daily-serials';
import type { QueueApplication } from '../../tests/support/queue-applications';

const DAY_MS = 86_400_000;

/** The same numbers on every run (mulberry32), so that runs seed the same mix. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

// most applications are still being worked; about a quarter have been decided or closed
const STATUS_WEIGHTS: Record<ApplicationStatus, number> = {
  已受理: 35,
  資料審核中: 30,
  待補件: 10,
  核保中: 8,
  已承保: 10,
  不予承保: 3,
  已結案: 4,
};
const PLACES = [
  '晴川',
  '山嵐',
  '大同',
  '永豐',
  '宏達',
  '新光',
  '台北',
  '南港',
  '中興',
  '福安',
  '長榮',
  '正隆',
];
const PLACES_MORE = ['金山', '天成', '和平', '三民', '光華', '信義', '東昇', '北辰', '立德', '華新'];
const TRADES = [
  '科技',
  '物流',
  '食品',
  '建設',
  '貿易',
  '精密',
  '餐飲',
  '醫材',
  '電子',
  '設計',
  '印刷',
  '紡織',
];
const FORMS = ['股份有限公司', '有限公司', '企業社', '商行'];

export interface Company {
  name: string;
  taxId: string;
}

export interface SeededApplications {
  applications: QueueApplication[];
  companies: Company[];
}

/**
 * `count` applications of `companies` companies, 受理 evenly over the year up to `now`, numbered as the
 * site numbers them (GI, the ROC day, its serial); statuses, industries and 投保人數 (skewed small) mixed.
 * At 待補件 the documents were asked for 1–14 days after 受理.
 */
export function seededApplications(count: number, companies: number, now: Date): SeededApplications {
  const next = random(35);
  const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)]!;
  const names = new Set<string>();
  while (names.size < companies)
    names.add(`${pick([...PLACES, ...PLACES_MORE])}${pick(TRADES)}${pick(FORMS)}`);
  const taxIds = new Set<string>();
  while (taxIds.size < companies) {
    const candidate = String(Math.floor(next() * 100_000_000)).padStart(8, '0');
    if (isValidTaxId(candidate)) taxIds.add(candidate);
  }
  const ids = [...taxIds];
  const companyList = [...names].map((name, i) => ({ name, taxId: ids[i]! }));

  const statusTotal = Object.values(STATUS_WEIGHTS).reduce((a, b) => a + b, 0);
  const statusOf = () => {
    let at = next() * statusTotal;
    for (const status of APPLICATION_STATUSES) {
      at -= STATUS_WEIGHTS[status];
      if (at < 0) return status;
    }
    return APPLICATION_STATUSES[0];
  };
  const times = Array.from({ length: count }, () => now.getTime() - next() * 365 * DAY_MS).sort(
    (a, b) => a - b,
  );
  const serials = new Map<string, number>();
  const applications = times.map((time): QueueApplication => {
    const createdAt = new Date(time);
    const day = taipeiDate(createdAt);
    const serial = (serials.get(day) ?? 0) + 1;
    serials.set(day, serial);
    const company = pick(companyList);
    const status = statusOf();
    const span = GROUP_SIZE.maxOnline - GROUP_SIZE.min + 1;
    return {
      applicationNo: dailyNumber('GI', day, serial),
      companyName: company.name,
      taxId: company.taxId,
      status,
      industry: pick(INDUSTRY_VALUES),
      headcount: GROUP_SIZE.min + Math.floor(next() ** 2 * span),
      createdAt,
      ...(status === '待補件'
        ? { waitingSince: new Date(Math.min(now.getTime(), time + (1 + next() * 13) * DAY_MS)) }
        : {}),
    };
  });
  return { applications, companies: companyList };
}

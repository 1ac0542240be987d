import { extractText, getDocumentProxy, getMeta } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationRecord, RosterEntry } from '../../src/domain/api/overprint';
import { printDocuments } from '../../src/server/overprint/print-documents';

// 2026-11-24 14:05 in Taipei (UTC+8): 民國 115 年.
const PRINTED_AT = new Date('2026-11-24T06:05:00Z');
const PRINTED = '列印時間：115年11月24日 14:05';
const NO = 'GI115112400001';

const THREE: RosterEntry[] = [
  {
    rowNo: 1,
    name: '陳志明',
    personId: 'A123456789',
    birthDate: '1990-05-12',
    gender: 'M',
    occupationClass: 1,
    monthlySalary: 45_800,
  },
  {
    rowNo: 2,
    name: '林雅婷',
    personId: 'B220134565',
    birthDate: '1995-11-03',
    gender: 'F',
    occupationClass: 1,
    monthlySalary: 38_200,
  },
  {
    rowNo: 3,
    name: '黃俊傑',
    personId: 'F128765439',
    birthDate: '1982-01-28',
    gender: 'M',
    occupationClass: 2,
    monthlySalary: null,
  },
];

const RECORD: ApplicationRecord = {
  applicationNo: NO,
  submittedAt: '2026-11-24T02:30:00Z',
  status: '已受理',
  company: {
    name: '晴空軟體股份有限公司',
    taxId: '12345675',
    representative: '林晴空',
    industry: 'J',
    city: '臺北市',
    district: '大安區',
    street: '敦化南路二段100號8樓',
  },
  contact: {
    name: '許文華',
    title: '人資經理',
    mobile: '0912-345-678',
    phone: '02-2345-6789',
    phoneExt: '123',
    email: 'hr@skyclear.example.com.tw',
  },
  plan: {
    headcount: 12,
    occupationClass: 1,
    averageAge: 36,
    averageSalary: 52_000,
    totalSalary: 62.4,
    maxSalary: 8,
    startDate: '2026-12-15',
    ageMin: 24,
    ageMax: 58,
  },
  premium: { annual: 86_540, monthlyPerPerson: 632 },
  items: [
    {
      title: '安心基本方案',
      source: 'PKG',
      annual: 61_200,
      monthlyPerPerson: 447,
      lines: [
        {
          prodId: 'GTL',
          prodName: '團體一年定期壽險',
          sumInsured: 1_248_000,
          salaryMultiple: 24,
          rate: 12.5,
          rateUnit: 10_000,
        },
        {
          prodId: 'GAD',
          prodName: '團體傷害保險',
          sumInsured: 2_000_000,
          salaryMultiple: null,
          rate: 9,
          rateUnit: 10_000,
        },
      ],
    },
    {
      title: '團體重大疾病保險',
      source: 'CELL',
      annual: 25_340,
      monthlyPerPerson: 185,
      lines: [
        {
          prodId: 'GCI',
          prodName: '團體重大疾病保險',
          sumInsured: 300_000,
          salaryMultiple: null,
          rate: 70.4,
          rateUnit: 10_000,
        },
      ],
    },
  ],
  roster: THREE,
};

const SURNAMES = ['王', '李', '張', '劉', '蔡', '楊', '趙', '吳', '周', '徐'];
const GIVEN = ['宜蓁', '冠宇', '家瑜', '承恩', '詩涵', '柏翰'];

/** 60 people with distinct three-character names. */
const SIXTY: RosterEntry[] = Array.from({ length: 60 }, (_, i) => ({
  rowNo: i + 1,
  name: `${SURNAMES[i % 10]}${GIVEN[Math.floor(i / 10)]}`,
  personId: `${i % 2 ? 'B2' : 'A1'}${String(30_000_000 + i * 7919)}`,
  birthDate: '1988-07-01',
  gender: i % 2 ? 'F' : 'M',
  occupationClass: 1,
  monthlySalary: 42_000,
}));

async function pagesOf(pdf: Buffer): Promise<string[]> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: false });
  return text;
}

const pageWith = (pages: readonly string[], text: string) => pages.findIndex((page) => page.includes(text));
const occurrences = (text: string, part: string) => text.split(part).length - 1;

describe('printDocuments', () => {
  let all: Buffer;
  let allPages: string[];
  let formAndSummary: Buffer;

  beforeAll(async () => {
    all = await printDocuments(RECORD, ['form', 'roster', 'summary'], PRINTED_AT);
    allPages = await pagesOf(all);
    formAndSummary = await printDocuments(RECORD, ['form', 'summary'], PRINTED_AT);
  });

  it('is an A4 PDF', async () => {
    expect(all.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pdf = await getDocumentProxy(new Uint8Array(all));
    for (let n = 1; n <= pdf.numPages; n++) {
      const viewport = (await pdf.getPage(n)).getViewport({ scale: 1 });
      expect(viewport.width).toBeCloseTo(595.28, 1);
      expect(viewport.height).toBeCloseTo(841.89, 1);
    }
  });

  it('carries the title, author and language in its metadata', async () => {
    const { info } = await getMeta(new Uint8Array(all));
    expect(info.Title).toContain(NO);
    expect(info.Author).toBe('晴川人壽保險股份有限公司');
    expect(all.toString('latin1')).toContain('/Lang (zh-Hant-TW)');
  });

  it('prints the entered data as extractable text', () => {
    const text = allPages.join('\n');
    for (const expected of [
      '晴空軟體股份有限公司',
      NO,
      '團體一年定期壽險',
      '團體傷害保險',
      '團體重大疾病保險',
      '12345675',
      '林晴空',
      '出版影音及資通訊業',
      '臺北市大安區敦化南路二段100號8樓',
      '02-2345-6789 分機 123',
      'hr@skyclear.example.com.tw',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('heads every page with the 受理編號, the print time in Taipei and its page number', () => {
    expect(allPages.length).toBeGreaterThan(2);
    for (const [i, page] of allPages.entries()) {
      expect(page).toContain(NO);
      expect(page).toContain(PRINTED);
      expect(page).toContain(`第 ${i + 1} 頁／共 ${allPages.length} 頁`);
    }
  });

  it('reads the print time in Asia/Taipei, where it is already the next day', async () => {
    const pages = await pagesOf(await printDocuments(RECORD, ['summary'], new Date('2026-11-23T16:30:00Z')));
    expect(pages[0]).toContain('列印時間：115年11月24日 00:30');
  });

  it('prints the 要保書 with its blocks, the cover of each line and the seals beside the declaration', () => {
    const form = allPages[0]!;
    expect(form).toContain('晴川人壽保險股份有限公司');
    expect(form).toContain('團體保險要保書');
    expect(form).toContain('12 人');
    expect(form).toContain('115年12月15日');
    expect(form).toContain('24–58 歲');
    expect(form).toContain('月薪 × 24 倍');
    expect(form).toContain('200萬');
    const declaration = allPages[pageWith(allPages, '要保單位聲明')]!;
    expect(declaration).toContain('個人資料保護法');
    expect(declaration).toContain('要保單位（公司大章）');
    expect(declaration).toContain('負責人（小章）');
    expect(declaration).toContain('申請日期');
  });

  it('prints the 名冊 with full ID numbers, ROC birth dates and the head count', () => {
    const first = pageWith(allPages, '被保險人名冊');
    const roster = allPages.slice(first, pageWith(allPages, '投保申請摘要')).join('\n');
    expect(roster).toContain('身分證字號');
    for (const person of THREE) {
      expect(roster).toContain(person.name);
      expect(roster).toContain(person.personId);
    }
    expect(roster).toContain('79/05/12');
    expect(roster).toMatch(/男[\s\S]*女[\s\S]*男/);
    expect(roster).toContain('共 3 人');
    expect(roster).toContain('要保單位（公司大章）');
    expect(roster).not.toMatch(/\*{4}/);
  });

  it('prints a one-page summary with the status, the premiums and the service line, and no seals', () => {
    const summary = allPages.slice(pageWith(allPages, '投保申請摘要'));
    expect(summary).toHaveLength(1);
    expect(summary[0]).toContain('已受理');
    expect(summary[0]).toContain('115年11月24日 10:30');
    expect(summary[0]).toContain('0800-012-345');
    expect(summary[0]).not.toContain('（公司大章）');
  });

  it('prints the chosen documents in the order form, roster, summary', async () => {
    const pages = await pagesOf(await printDocuments(RECORD, ['summary', 'form'], PRINTED_AT));
    expect(pageWith(pages, '團體保險要保書')).toBe(0);
    expect(pageWith(pages, '投保申請摘要')).toBeGreaterThan(pageWith(pages, '團體保險要保書'));
    expect(pageWith(pages, '被保險人名冊')).toBe(-1);
    expect(pageWith(allPages, '團體保險要保書')).toBeLessThan(pageWith(allPages, '被保險人名冊'));
    expect(pageWith(allPages, '被保險人名冊')).toBeLessThan(pageWith(allPages, '投保申請摘要'));
  });

  it('prints a document asked twice once', async () => {
    const twice = await printDocuments(RECORD, ['summary', 'form', 'summary', 'form'], PRINTED_AT);
    expect(twice.equals(formAndSummary)).toBe(true);
    const pages = await pagesOf(twice);
    expect(pages.filter((page) => page.includes('投保申請摘要'))).toHaveLength(1);
  });

  it('skips the 名冊 of an application without a roster', async () => {
    const pages = await pagesOf(
      await printDocuments({ ...RECORD, roster: [] }, ['roster', 'summary'], PRINTED_AT),
    );
    expect(pages).toHaveLength(1);
    expect(pages[0]).toContain('投保申請摘要');
    await expect(printDocuments({ ...RECORD, roster: [] }, ['roster'], PRINTED_AT)).resolves.toBeInstanceOf(
      Buffer,
    );
  });

  it('spreads a long roster over pages, repeating the header and never cutting a row', async () => {
    const pdf = await printDocuments({ ...RECORD, roster: SIXTY }, ['roster'], PRINTED_AT);
    const pages = await pagesOf(pdf);
    expect(pages.length).toBeGreaterThan(1);
    const text = pages.join('\n');
    for (const person of SIXTY) {
      expect(occurrences(text, person.name)).toBe(1);
      const page = pages.find((p) => p.includes(person.name))!;
      expect(page).toContain(person.personId);
    }
    for (const page of pages) expect(page).toContain('身分證字號');
    expect(pages.at(-1)).toContain('共 60 人');
  });

  it('embeds Noto Sans TC as a subset and stays small', () => {
    const raw = formAndSummary.toString('latin1');
    expect(raw).toContain('/FontFile2');
    expect(raw).toMatch(/\/BaseFont \/[A-Z]{6}\+NotoSansTC/);
    expect(formAndSummary.length).toBeLessThan(300 * 1024);
  });

  it('is the same bytes for the same record and print time', async () => {
    expect((await printDocuments(RECORD, ['form', 'summary'], PRINTED_AT)).equals(formAndSummary)).toBe(true);
  });
});

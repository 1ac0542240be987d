import type {
  ApplicationRecord,
  AppliedItem,
  AppliedLine,
  OverprintDocument,
} from '../../domain/api/overprint';
import { industryLabel } from '../../domain/industry';
import { INSURER } from '../../domain/insurer';
import { formatMoney, formatMoneyExact } from '../../domain/money';
import { occupationLabel } from '../../domain/occupation';
import { formatRoc, formatRocInstant, type IsoDate } from '../../domain/roc-date';
import {
  type Column,
  createDocument,
  type Doc,
  documentTitle,
  ensureSpace,
  fieldGrid,
  heading,
  numberedList,
  paragraph,
  paragraphHeight,
  rightLine,
  SIGNATURE_HEIGHT,
  signatureBoxes,
  stampPages,
  table,
  toBuffer,
} from './pdf-layout';

/*
 * The overprint (套印, docs/domain.md §1.3): what the company applied with, printed as the insurer's documents,
 * the 要保書 and the 被保險人名冊 it stamps and hands to the insurer's staff, and a summary it keeps.
 */

const COMPANY_SEAL = '要保單位（公司大章）';
const REPRESENTATIVE_SEAL = '負責人（小章）';

/** 「115年12月15日」: the documents write the ROC year without 民國, as insurers' forms do. */
function rocDay(date: IsoDate): string {
  return formatRoc(date, 'chinese').replace(/^民國/, '');
}

/** An instant as Taipei reads it: 「115年11月24日 14:05」. */
function rocDateTime(instant: Date): string {
  return formatRocInstant(instant).replace(/^民國/, '');
}

/** Cover per person: 「100萬」, or 「月薪 × 24 倍」 on a salary-multiple line. */
function coverOf(line: AppliedLine): string {
  return line.salaryMultiple === null ? formatMoney(line.sumInsured) : `月薪 × ${line.salaryMultiple} 倍`;
}

/** 「每萬元 12.5元」: the premium a year per rate unit of cover. */
function rateOf(line: AppliedLine): string {
  const unit = line.rateUnit === 10_000 ? '萬' : line.rateUnit.toLocaleString('zh-TW');
  return `每${unit}元 ${line.rate.toLocaleString('zh-TW', { maximumFractionDigits: 4 })}元`;
}

function landline(contact: ApplicationRecord['contact']): string {
  if (!contact.phone) return '';
  return contact.phoneExt ? `${contact.phone} 分機 ${contact.phoneExt}` : contact.phone;
}

function premiumTotals(doc: Doc, premium: ApplicationRecord['premium']): void {
  fieldGrid(doc, [
    [
      ['年繳保費合計', formatMoneyExact(premium.annual)],
      ['每人每月保費', formatMoneyExact(premium.monthlyPerPerson)],
    ],
  ]);
}

const ITEM_COLUMNS: readonly Column[] = [
  { header: '保障項目', weight: 2.6, merged: true },
  { header: '商品名稱', weight: 3 },
  { header: '每人保額', weight: 1.8, align: 'right' },
  { header: '費率', weight: 2, align: 'right' },
  { header: '年繳保費', weight: 1.8, align: 'right', merged: true },
];

function itemGroups(items: readonly AppliedItem[]): string[][][] {
  return items.map((item) =>
    item.lines.map((line, i) => [
      i === 0 ? item.title : '',
      line.prodName,
      coverOf(line),
      rateOf(line),
      i === 0 ? formatMoneyExact(item.annual) : '',
    ]),
  );
}

const DECLARATION = [
  '一、本要保單位所填寫之要保書及名冊內容均屬真實；如有故意隱匿，或因過失遺漏或為不實之說明，足以變更或減少貴公司對於危險之估計者，貴公司得依保險法第六十四條規定解除契約。',
  '二、被保險人均為本要保單位之員工，本團體非以投保為目的而組成。',
  '三、本要保單位已依個人資料保護法第八條規定，告知各被保險人其個人資料將提供予貴公司，於辦理本團體保險之投保、核保、理賠及契約管理等特定目的範圍內蒐集、處理及利用，並已取得各被保險人之同意。',
  '四、本要保單位已詳閱並瞭解本保險之保障內容與保險契約條款。',
];

/** The declaration, the seals and the date, all on one page. */
function declaration(doc: Doc): void {
  const salutation = `此致　${INSURER.name}`;
  const height =
    DECLARATION.reduce((sum, text) => sum + paragraphHeight(doc, text), 0) +
    paragraphHeight(doc, salutation) +
    SIGNATURE_HEIGHT +
    60;
  ensureSpace(doc, height);
  heading(doc, '要保單位聲明事項', 0);
  for (const text of DECLARATION) paragraph(doc, text);
  paragraph(doc, salutation, { gap: 0.8 });
  signatureBoxes(doc, [COMPANY_SEAL, REPRESENTATIVE_SEAL]);
  rightLine(doc, '申請日期：　　年　　月　　日');
}

function printForm(doc: Doc, record: ApplicationRecord): void {
  const { company, contact, plan } = record;
  documentTitle(doc, INSURER.name, '團體保險要保書');
  heading(doc, '要保單位');
  fieldGrid(doc, [
    [['名稱', company.name]],
    [
      ['統一編號', company.taxId],
      ['負責人', company.representative],
    ],
    [['行業類別', industryLabel(company.industry)]],
    [['地址', `${company.city}${company.district}${company.street}`]],
  ]);
  heading(doc, '聯絡人');
  fieldGrid(doc, [
    [
      ['姓名', contact.name],
      ['職稱', contact.title],
    ],
    [
      ['手機', contact.mobile ?? ''],
      ['市話', landline(contact)],
    ],
    [['Email', contact.email]],
  ]);
  const start = rocDay(plan.startDate);
  heading(doc, '投保內容');
  fieldGrid(doc, [
    [
      ['投保人數', `${plan.headcount} 人`],
      ['職業類別', occupationLabel(plan.occupationClass)],
    ],
    [
      ['平均年齡', `${plan.averageAge} 歲`],
      ['被保險人年齡', `${plan.ageMin}–${plan.ageMax} 歲`],
    ],
    plan.averageSalary === null
      ? [['投保始期', start]]
      : [
          ['投保始期', start],
          ['平均月薪', formatMoneyExact(plan.averageSalary)],
        ],
  ]);
  heading(doc, '保障內容及保費（新臺幣）');
  table(doc, ITEM_COLUMNS, itemGroups(record.items));
  premiumTotals(doc, record.premium);
  declaration(doc);
}

const ROSTER_COLUMNS: readonly Column[] = [
  { header: '序號', weight: 0.7, align: 'center' },
  { header: '姓名', weight: 1.5 },
  { header: '身分證字號', weight: 1.5, align: 'center' },
  { header: '出生日期', weight: 1.2, align: 'center' },
  { header: '性別', weight: 0.7, align: 'center' },
  { header: '職業類別', weight: 1, align: 'center' },
  { header: '月投保薪資', weight: 1.4, align: 'right' },
];

function printRoster(doc: Doc, record: ApplicationRecord): void {
  documentTitle(doc, INSURER.name, '被保險人名冊');
  fieldGrid(doc, [
    [
      ['要保單位', record.company.name],
      ['統一編號', record.company.taxId],
    ],
  ]);
  table(
    doc,
    ROSTER_COLUMNS,
    record.roster.map((person) => [
      [
        String(person.rowNo),
        person.name,
        person.personId,
        formatRoc(person.birthDate),
        person.gender === 'M' ? '男' : '女',
        `第 ${person.occupationClass} 類`,
        person.monthlySalary === null ? '' : formatMoneyExact(person.monthlySalary),
      ],
    ]),
    SIGNATURE_HEIGHT + 30,
  );
  paragraph(doc, `共 ${record.roster.length} 人`);
  signatureBoxes(doc, [COMPANY_SEAL], 200);
}

const SUMMARY_COLUMNS: readonly Column[] = [
  { header: '保障項目', weight: 2.4 },
  { header: '商品', weight: 4 },
  { header: '年繳保費', weight: 1.6, align: 'right' },
  { header: '每人每月保費', weight: 1.6, align: 'right' },
];

function printSummary(doc: Doc, record: ApplicationRecord): void {
  documentTitle(doc, INSURER.name, '投保申請摘要');
  fieldGrid(doc, [
    [
      ['受理編號', record.applicationNo],
      ['受理時間', rocDateTime(new Date(record.submittedAt))],
    ],
    [
      ['目前狀態', record.status],
      ['投保始期', rocDay(record.plan.startDate)],
    ],
    [['要保單位', `${record.company.name}（統一編號 ${record.company.taxId}）`]],
  ]);
  heading(doc, '申請保障（新臺幣）');
  table(
    doc,
    SUMMARY_COLUMNS,
    record.items.map((item) => [
      [
        item.title,
        item.lines.map((line) => line.prodName).join('、'),
        formatMoneyExact(item.annual),
        formatMoneyExact(item.monthlyPerPerson),
      ],
    ]),
  );
  premiumTotals(doc, record.premium);
  heading(doc, '後續步驟');
  const steps = [
    '請列印要保書，於用印欄蓋妥公司大章及負責人小章；附有名冊者，名冊亦請加蓋公司大章。',
    `本公司業務人員將以電話或電子郵件與聯絡人${record.contact.name}聯繫，請將用印之要保書及名冊正本交業務人員送核保。`,
    '核保完成後寄發保險單，並為每位被保險人製發保險證；辦理進度可於本網站「進度查詢」以受理編號及統一編號查詢。',
    `如有疑問，請洽客服專線 ${INSURER.serviceLine}，服務時間${INSURER.serviceHours}。`,
  ];
  numberedList(doc, steps);
  paragraph(doc, '本摘要供要保單位留存，無須寄回。', { gap: 0 });
}

const PRINTERS: ReadonlyArray<readonly [OverprintDocument, (doc: Doc, record: ApplicationRecord) => void]> = [
  ['form', printForm],
  ['roster', printRoster],
  ['summary', printSummary],
];

/**
 * One PDF of the chosen documents, always in the order 要保書, 名冊, 摘要, each once. The 名冊 of an
 * application without a roster prints nothing (asked for alone, the PDF has no page: the caller refuses
 * that request).
 */
export async function printDocuments(
  record: ApplicationRecord,
  documents: readonly OverprintDocument[],
  printedAt: Date,
): Promise<Buffer> {
  const doc = await createDocument({
    title: `團體保險套印文件 ${record.applicationNo}`,
    author: INSURER.name,
    createdAt: printedAt,
  });
  for (const [name, print] of PRINTERS) {
    if (!documents.includes(name)) continue;
    if (name === 'roster' && record.roster.length === 0) continue;
    print(doc, record);
  }
  stampPages(doc, {
    left: `受理編號：${record.applicationNo}`,
    right: `列印時間：${rocDateTime(printedAt)}`,
  });
  return toBuffer(doc);
}

import type { Insertable } from 'kysely';
import { PACK_IDS } from '../../../domain/catalogue';
import type { PackageProductsTable, PackagesTable } from '../schema';

const WAN = 10_000;

type Line = Omit<Insertable<PackageProductsTable>, 'pack_id' | 'order_seq'>;

/** A flat sum insured (or 日額), SPC_RATE_MARK 1. */
const flat = (prod_id: string, amount: number): Line => ({ prod_id, spc_rate_mark: 1, amount });

/** 月薪 × multiple up to a cap: mark 2, or mark 4 for GOI (prod_cat 3, prod_kind 99; docs/specification.md §9). */
const salary = (prod_id: string, salary_multiple: number, amount_cap: number): Line => ({
  prod_id,
  spc_rate_mark: prod_id === 'GOI' ? 4 : 2,
  salary_multiple,
  amount_cap,
});

export interface SeedPackage extends Insertable<PackagesTable> {
  lines: Line[];
}

/**
 * The 5 packages of docs/domain.md §2.4, in display order; a line's order_seq is its place in `lines`.
 * 進階型's life cover is taken as 月薪 × 24 (docs/domain.md offers 200萬 or 月薪 × 24): cover that grows with
 * pay sets it apart from 基本型's flat 100萬; its cap is GTL's maximum, 500萬, as for 尊榮型.
 */
export const PACKAGES: SeedPackage[] = [
  {
    pack_id: PACK_IDS.basic,
    pack_name: '基本型',
    tagline: '微型企業入門首選',
    description: '以壽險、傷害保險與傷害醫療，提供員工最基本的身故與意外保障，保費實惠、手續簡單。',
    audience: '5 人以上、以內勤為主的小型公司與工作室',
    order_seq: 1,
    lines: [flat('GTL', 100 * WAN), flat('GAD', 100 * WAN), flat('GAM', 3 * WAN)],
  },
  {
    pack_id: PACK_IDS.advanced,
    pack_name: '進階型',
    tagline: '壽險隨薪調整，加上住院醫療',
    description: '壽險保額為月薪的 24 倍，傷害保險提高到 300萬，並加上實支實付的住院醫療保障。',
    audience: '想照顧員工住院醫療開銷的成長型企業',
    order_seq: 2,
    lines: [
      salary('GTL', 24, 500 * WAN),
      flat('GAD', 300 * WAN),
      flat('GAM', 5 * WAN),
      flat('GHR', 10 * WAN),
    ],
  },
  {
    pack_id: PACK_IDS.premium,
    pack_name: '尊榮型',
    tagline: '壽險、醫療、重大疾病與癌症一次到位',
    description:
      '壽險保額為月薪的 36 倍（最高 500萬），加上住院醫療、住院日額、重大疾病與癌症保障，是最完整的員工福利。',
    audience: '重視留才、想提供完整福利的企業',
    order_seq: 3,
    lines: [
      salary('GTL', 36, 500 * WAN),
      flat('GAD', 500 * WAN),
      flat('GAM', 10 * WAN),
      flat('GHR', 20 * WAN),
      flat('GHD', 1_000),
      flat('GCI', 50 * WAN),
      flat('GCA', 30 * WAN),
    ],
  },
  {
    pack_id: PACK_IDS.manufacturing,
    pack_name: '製造業安心型',
    tagline: '現場作業的職災補償保障',
    description:
      '在壽險與傷害保險之外，加上依月投保薪資 45 倍給付的職業災害補償保險，協助企業承擔勞動基準法第 59 條的補償責任。',
    audience: '第 3、4 類職業為主的工廠、工地與物流業',
    order_seq: 4,
    lines: [
      flat('GTL', 100 * WAN),
      flat('GAD', 200 * WAN),
      flat('GAM', 5 * WAN),
      salary('GOI', 45, 300 * WAN),
    ],
  },
  {
    pack_id: PACK_IDS.family,
    pack_name: '眷屬加保型',
    tagline: '員工的家人也一起照顧',
    description: '為員工的配偶、子女與父母加保住院醫療與癌症保障；子女出生滿 15 天即可加保。',
    audience: '已投保員工方案、想為眷屬加保的企業（須搭配員工方案）',
    order_seq: 5,
    lines: [flat('GHR', 10 * WAN), flat('GCA', 10 * WAN)],
  },
];

import { PACK_IDS, type PackId } from './catalogue';
import { GROUP_SIZE } from './pricing';

/** What a company may care most about, as the questionnaire offers it. */
export const PRIORITIES = [
  { value: 'death', label: '員工身故保障' },
  { value: 'accident', label: '意外與職災' },
  { value: 'hospital', label: '住院醫療' },
  { value: 'illness', label: '重大疾病與癌症' },
  { value: 'dependants', label: '眷屬' },
] as const;
export type Priority = (typeof PRIORITIES)[number]['value'];

export interface RecommendInput {
  /** 職業類別 of most of the workforce, 1 (內勤) to 6 */
  occupationClass: number;
  headcount: number;
  priorities: readonly Priority[];
}

export type Recommendation =
  | { kind: 'tooSmall'; reasons: string[] }
  | {
      kind: 'package';
      packId: PackId;
      /** the dependants' add-on, when dependants matter */
      addOnPackId: PackId | null;
      /** 50 people and more: no online price, 請洽專人報價 */
      negotiated: boolean;
      reasons: string[];
    };

/**
 * Picks a package (docs/domain.md §2.4): fewer than 5 people cannot form a group; occupation classes 3–6 get
 * 製造業安心型 for its 職業災害補償; classes 1–2 get 尊榮型 when serious illness matters, 進階型 when
 * hospital cover does, else 基本型. Dependants add 眷屬加保型; 50 people and more are quoted by staff.
 */
export function recommend({ occupationClass, headcount, priorities }: RecommendInput): Recommendation {
  if (headcount < GROUP_SIZE.min) {
    return {
      kind: 'tooSmall',
      reasons: [
        `團體保險須有 ${GROUP_SIZE.min} 人以上的成員才能投保，貴公司目前為 ${headcount} 人。`,
        `人數達 ${GROUP_SIZE.min} 人後即可線上申請；也歡迎先聯絡我們，由專人說明其他保障方式。`,
      ],
    };
  }
  const wants = (p: Priority) => priorities.includes(p);
  const reasons: string[] = [];
  let packId: PackId;
  if (occupationClass >= 3) {
    packId = PACK_IDS.manufacturing;
    reasons.push(
      `第 ${occupationClass} 類職業的工作風險較高：製造業安心型含團體職業災害補償保險，保額為月投保薪資 × 45，協助企業承擔勞動基準法第 59 條的職災補償責任。`,
    );
    if (occupationClass >= 5) reasons.push('第 5、6 類職業的費率較高，送出申請後將由專人確認承保條件。');
    if (wants('hospital') || wants('illness')) {
      reasons.push('製造業安心型不含住院醫療與重大疾病保障，可在「單項保障」另行加選。');
    }
  } else if (wants('illness')) {
    packId = PACK_IDS.premium;
    reasons.push(
      '您重視重大疾病與癌症：尊榮型是唯一含團體重大疾病與癌症保險的方案，並有住院醫療與住院日額。',
    );
  } else if (wants('hospital')) {
    packId = PACK_IDS.advanced;
    reasons.push('您重視住院醫療：進階型含團體住院醫療保險（實支實付），壽險保額並隨員工月薪調整。');
  } else {
    packId = PACK_IDS.basic;
    reasons.push('以內勤為主的團體，基本型以壽險、傷害保險與傷害醫療提供身故與意外保障，保費最實惠。');
  }
  const addOnPackId = wants('dependants') ? PACK_IDS.family : null;
  if (addOnPackId) {
    reasons.push('眷屬加保型可為員工的配偶、子女與父母加保住院醫療與癌症保障，須搭配員工方案投保。');
  }
  const negotiated = headcount > GROUP_SIZE.maxOnline;
  reasons.push(
    negotiated
      ? `${GROUP_SIZE.maxOnline + 1} 人以上的團體，費率由雙方洽訂，不提供線上試算：請洽專人報價。`
      : headcount >= 10
        ? `${headcount} 人的團體適用 10–49 人的團體費率（95 折），可線上試算保費。`
        : `${headcount} 人的團體適用 5–9 人的團體費率，可線上試算保費。`,
  );
  return { kind: 'package', packId, addOnPackId, negotiated, reasons };
}

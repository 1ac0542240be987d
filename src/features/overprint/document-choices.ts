import type { OverprintDocument } from '../../domain/api/overprint';

/** Each document: its name, what it is for and who signs it (docs/domain.md §1.2-1.3). */
export const DOCUMENT_CHOICES: Record<OverprintDocument, { name: string; purpose: string; signing: string }> =
  {
    form: {
      name: '要保書',
      purpose: '向本公司申請團體保險的正式文件，載明要保單位、投保內容與保費。',
      signing: '由負責人簽章，並蓋公司大章與負責人小章。',
    },
    roster: {
      name: '被保險人名冊',
      purpose: '列出每位被保險人的姓名、身分證字號、出生日期與職業類別，核保與製發保險證都依此辦理。',
      signing: '每頁蓋公司大章。',
    },
    summary: {
      name: '申請摘要',
      purpose: '受理編號、投保內容與保費的摘要，供公司內部留存。',
      signing: '不需簽章。',
    },
  };

import { describe, expect, it } from 'vitest';
import { CONTACT_NO, contactMessageSchema } from '../../../src/domain/api/contact';
import { contactTopicLabel } from '../../../src/domain/contact-topics';
import { firstError } from '../validation/first-error';

/* The contact form (聯絡我們) as docs/specification.md §5 words its messages. */
const MESSAGE = {
  name: '林小華',
  companyName: '好安心科技股份有限公司',
  taxId: '',
  mobile: '0912345678',
  phone: '',
  phoneExt: '',
  email: 'hr@example.com.tw',
  topic: 'quote',
  content: '想了解 30 人公司的團體保險方案。',
  consent: true,
};
const message = (change: object) => firstError(contactMessageSchema, { ...MESSAGE, ...change });

describe('the contact message', () => {
  it('takes a message with no 統一編號, and checks one when given', () => {
    expect(message({})).toBeNull();
    expect(message({ taxId: '04595252' })).toBeNull();
    expect(message({ taxId: '04595253' })).toBe('請輸入正確的統一編號');
  });

  it.each([
    ['name', '姓名不可為空白'],
    ['companyName', '公司名稱不可為空白'],
    ['email', '電子郵件不可為空白'],
    ['topic', '請選擇洽詢主題'],
    ['content', '內容不可為空白'],
  ])('asks for %s: 「%s」', (field, text) => {
    expect(message({ [field]: '' })).toBe(text);
  });

  it('needs the notice ticked, a phone, and the lengths kept', () => {
    expect(message({ consent: false })).toBe('請勾選個人資料蒐集告知事項');
    expect(message({ mobile: '' })).toBe('手機號碼與市話請至少填寫一項');
    expect(message({ name: '林'.repeat(21) })).toBe('姓名長度限制為40');
    expect(message({ companyName: '公'.repeat(41) })).toBe('公司名稱長度限制為80');
    expect(message({ content: '字'.repeat(500) })).toBeNull();
    expect(message({ content: '字'.repeat(501) })).toBe('內容長度限制為1000');
  });

  it('takes the seven topics, each with its label', () => {
    const topics = {
      quote: '投保規劃與報價',
      product: '商品內容',
      application: '投保申請與進度',
      claim: '理賠服務',
      b2b: '企業網路保險服務',
      complaint: '申訴與建議',
      other: '其他',
    };
    for (const [topic, label] of Object.entries(topics)) {
      expect(message({ topic })).toBeNull();
      expect(contactTopicLabel(topic)).toBe(label);
    }
    expect(message({ topic: 'sales' })).toBe('請選擇洽詢主題');
    expect(contactTopicLabel('sales')).toBe('sales');
  });

  it('numbers a case CT, the ROC date and a serial of the day', () => {
    expect('CT115112300012').toMatch(CONTACT_NO);
    for (const no of ['CT1151123000', 'GI115112300001', 'ct115112300001', 'CT115112300001 '])
      expect(no).not.toMatch(CONTACT_NO);
  });
});

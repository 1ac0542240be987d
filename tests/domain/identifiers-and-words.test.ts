import { Settings } from 'luxon';
import { describe, expect, it } from 'vitest';
import { applicationQueueSchema } from '../../src/domain/api/application-queue';
import { trafficQuerySchema } from '../../src/domain/api/atlas';
import { CONTACT_NO } from '../../src/domain/api/contact';
import { APPLICATION_NO } from '../../src/domain/api/overprint';
import { auditQuerySchema } from '../../src/domain/api/staff';
import { DEFAULT_MISSING_DOCUMENTS } from '../../src/domain/application-status';
import { actorLabel } from '../../src/domain/audit-actions';
import { formatRocInstant, formatTaipeiSecond } from '../../src/domain/roc-date';
import { pageTitleOf } from '../../src/domain/screens';
import { afterSignIn, staffPageOf } from '../../src/domain/staff-pages';
import { firstError } from './validation/first-error';

/*
 * Identifiers and days are whole values, never a part of a longer text (docs/specification.md §3: 受理編號
 * GI + 12 digits, 案件編號 CT + 12 digits; the staff's filters take YYYY-MM-DD); and the words the back office
 * shows for what is no person, no instant or no heading of its own (§6).
 */

describe('an identifier or a day is the whole value', () => {
  it('受理編號 and 案件編號 match nothing around them', () => {
    expect('GI115112300001').toMatch(APPLICATION_NO);
    expect('AGI115112300001').not.toMatch(APPLICATION_NO);
    expect('GI1151123000012').not.toMatch(APPLICATION_NO);
    expect('CT115112300001').toMatch(CONTACT_NO);
    expect('XCT115112300001').not.toMatch(CONTACT_NO);
  });

  it('a filter’s day has nothing before or after it', () => {
    for (const day of ['x2026-11-01', '2026-11-011', '2026-11-01 '])
      expect(firstError(auditQuerySchema, { from: day })).toBe('起日格式錯誤');
    expect(firstError(applicationQueueSchema, { to: '2026-11-271' })).toBe('受理迄日格式錯誤');
    expect(firstError(applicationQueueSchema, { to: '2026-11-27' })).toBeNull();
    const traffic = { machine: 'shopcart', from: '2026-11-01', to: '2026-11-27' };
    expect(firstError(trafficQuerySchema, traffic)).toBeNull();
    expect(firstError(trafficQuerySchema, { ...traffic, from: '12026-11-01' })).toBe('起日格式錯誤');
  });

  it('the queue compares 投保人數 上限 with 下限 only when a 下限 is given', () => {
    expect(firstError(applicationQueueSchema, { headcountMax: '5' })).toBeNull();
    expect(firstError(applicationQueueSchema, { headcountMin: '', headcountMax: '5' })).toBeNull();
  });
});

describe('the back office’s words', () => {
  it('names the terminal and an unknown name in words, an account by its name', () => {
    expect(actorLabel('(operator)')).toBe('主機指令');
    expect(actorLabel('(unknown)')).toBe('不明帳號');
    expect(actorLabel('mei')).toBe('mei');
  });

  // the tests' own zone is Taipei (tests/support/setup-node.ts); a server's clock is usually UTC
  it('reads an instant in Taipei whatever the zone it runs in', () => {
    const zone = Settings.defaultZone;
    Settings.defaultZone = 'UTC';
    try {
      expect(formatTaipeiSecond('2026-11-27T16:05:33.000Z')).toBe('2026-11-28 00:05:33');
      expect(formatTaipeiSecond(new Date('2026-11-27T02:00:00Z'))).toBe('2026-11-27 10:00:00');
      expect(formatRocInstant('2026-11-27T16:05:33.000Z')).toBe('民國115年11月28日 00:05');
    } finally {
      Settings.defaultZone = zone;
    }
  });

  it('asks for the signed originals when 待補件 names nothing else', () => {
    expect(DEFAULT_MISSING_DOCUMENTS).toBe('蓋有公司大小章的要保書正本、被保險人名冊');
  });

  it('titles a page by its heading and the site', () => {
    expect(pageTitleOf({ heading: '聯絡我們' })).toBe('聯絡我們｜團體保險網路服務');
  });

  it('finds a staff page with slashes on either end, and goes back to the start page for any role', () => {
    expect(staffPageOf('/staff/audit//')).toBe('audit');
    expect(afterSignIn('/groupins/staff', ['service'])).toBe('/groupins/staff');
  });
});

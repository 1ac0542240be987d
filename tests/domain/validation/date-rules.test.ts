import { Settings } from 'luxon';
import { afterEach, describe, expect, it } from 'vitest';
import { object, ref, string } from 'yup';
import { ageRange, birthDate, insuranceDate, validDate } from '../../../src/domain/validation/date-rules';
import { dateText } from '../../../src/domain/validation/fields';
import { firstError } from './first-error';

afterEach(() => {
  Settings.defaultZone = 'Asia/Taipei';
});

const WINDOW = '保險起日須為今日起第14天至第60天之間';

describe('insurance date: T+14 to T+60 inclusive', () => {
  const schema = dateText('保險起日').test(insuranceDate({ today: '2026-03-01' }));
  it.each([
    ['2026-03-14', WINDOW], // T+13
    ['2026-03-15', null], // T+14
    ['115/03/15', null],
    ['2026-04-30', null], // T+60
    ['2026-05-01', WINDOW], // T+61
    ['2026-03-01', WINDOW],
    ['115/02/30', '日期錯誤'],
    ['', null],
  ])('%s → %s', (value, message) => {
    expect(firstError(schema, value)).toBe(message);
  });

  it.each([
    // host zone UTC, 16:30Z = 00:30 next day in Taipei: today is 2026-02-01
    ['2026-01-31T16:30:00Z', '2026-02-14', WINDOW],
    ['2026-01-31T16:30:00Z', '2026-02-15', null],
    ['2026-01-31T16:30:00Z', '2026-04-02', null],
    ['2026-01-31T16:30:00Z', '2026-04-03', WINDOW],
    // leap day: today 2028-02-15 in Taipei, T+14 = 2028-02-29
    ['2028-02-14T17:00:00Z', '2028-02-28', WINDOW],
    ['2028-02-14T17:00:00Z', '2028-02-29', null],
    ['2028-02-14T17:00:00Z', '2028-04-15', null],
    ['2028-02-14T17:00:00Z', '2028-04-16', WINDOW],
    // month end in a common year: today 2027-01-31, T+60 = 2027-04-01
    ['2027-01-30T16:00:00Z', '2027-04-01', null],
    ['2027-01-30T16:00:00Z', '2027-04-02', WINDOW],
  ])('now %s (host in UTC), %s → %s', (now, value, message) => {
    Settings.defaultZone = 'UTC';
    const schema = dateText('保險起日').test(insuranceDate());
    expect(firstError(schema, value, { today: new Date(now) })).toBe(message);
  });

  it('never reads the clock: without today it throws', () => {
    expect(() => firstError(dateText('保險起日').test(insuranceDate()), '2026-03-15')).toThrow(/today/);
    const form = object({ start: dateText('保險起日').test(insuranceDate()) });
    expect(() => firstError(form, { start: '2026-03-15' })).toThrow(
      new Error('start: pass today as an option or as context $today'),
    );
  });

  it('takes today from a sibling field', () => {
    const schema = string().test(insuranceDate({ today: ref('$entryDay') }));
    expect(firstError(schema, '2026-03-15', { entryDay: '2026-03-01' })).toBeNull();
  });
});

describe('age range: inclusive, given as "A,B"', () => {
  const schema = dateText('出生日期').test(ageRange('15,75', { on: '2026-03-01' }));
  const message = '被保險人年齡須介於15至75歲';
  it.each([
    ['2011-03-02', message], // 14
    ['2011-03-01', null], // 15 today (A)
    ['1950-03-02', null], // 75 (B)
    ['1950-03-01', message], // 76 today (B+1)
    ['100/03/01', null],
    ['115/02/30', null], // no such day: birthDate() reports it
    ['', null],
  ])('%s → %s', (value, expected) => {
    expect(firstError(schema, value)).toBe(expected);
  });

  it('takes the range as a pair and today from the context', () => {
    const pair = dateText('出生日期').test(ageRange([20, 65]));
    expect(firstError(pair, '2006-03-01', { today: '2026-03-01' })).toBeNull();
    expect(firstError(pair, '2006-03-02', { today: '2026-03-01' })).toBe('被保險人年齡須介於20至65歲');
  });

  it('refuses a malformed range', () => {
    expect(() => ageRange('15-75')).toThrow(new RangeError('age range: 15-75'));
    expect(() => ageRange('15,x')).toThrow(new RangeError('age range: 15,x'));
    expect(() => ageRange('x,75')).toThrow(new RangeError('age range: x,75'));
  });

  it('reads spaces around the bounds', () => {
    const spaced = dateText('出生日期').test(ageRange(' 15 , 75 ', { on: '2026-03-01' }));
    expect(firstError(spaced, '2011-03-01')).toBeNull();
    expect(firstError(spaced, '2011-03-02')).toBe('被保險人年齡須介於15至75歲');
  });
});

describe('ROC birth date: a real day, 1931 or later, or exactly 1911-01-01', () => {
  const schema = dateText('出生日期').test(birthDate());
  it.each([
    ['1931-01-01', null],
    ['20/01/01', null],
    ['1930-12-31', '出生日期格式錯誤'],
    ['19/12/31', '出生日期格式錯誤'],
    ['1911-01-01', null],
    ['0000101', null],
    ['1911-01-02', '出生日期格式錯誤'],
    ['1920-05-05', '出生日期格式錯誤'],
    ['79/02/30', '出生日期格式錯誤'],
    ['abc', '出生日期格式錯誤'],
    ['79/05/12', null],
    ['', null],
  ])('%s → %s', (value, message) => {
    expect(firstError(schema, value)).toBe(message);
  });
});

describe('valid date', () => {
  it.each([
    ['115/01/05', null],
    ['115/02/29', '日期錯誤'],
    ['1/2', '日期錯誤'],
    ['', null],
  ])('%s → %s', (value, message) => {
    expect(firstError(string().test(validDate()), value)).toBe(message);
  });
});

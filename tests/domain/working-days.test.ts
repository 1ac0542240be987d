import { describe, expect, it } from 'vitest';
import { addWorkingDays, isWorkingDay } from '../../src/domain/working-days';

describe('working days (Mon–Fri)', () => {
  it.each([
    ['Monday', '2026-11-23', true],
    ['Friday', '2026-11-27', true],
    ['Saturday', '2026-11-28', false],
    ['Sunday', '2026-11-29', false],
  ])('%s %s is a working day: %s', (_, day, expected) => {
    expect(isWorkingDay(day)).toBe(expected);
  });

  it.each([
    ['Monday', '2026-11-23', '2026-11-26'],
    ['Wednesday', '2026-11-25', '2026-11-30'],
    ['Thursday', '2026-11-26', '2026-12-01'],
    ['Friday', '2026-11-27', '2026-12-02'],
    ['Saturday', '2026-11-28', '2026-12-02'],
    ['Sunday', '2026-11-29', '2026-12-02'],
    ['the last Wednesday of a year', '2026-12-30', '2027-01-04'],
  ])('3 working days after %s %s is %s', (_, day, expected) => {
    expect(addWorkingDays(day, 3)).toBe(expected);
  });

  it('counts from the Taipei date of an instant', () => {
    // Friday 2026-11-27 17:00 UTC is Saturday 01:00 in Taipei: Mon, Tue, Wed
    expect(addWorkingDays(new Date('2026-11-27T17:00:00Z'), 3)).toBe('2026-12-02');
    // Friday 15:59 UTC is still Friday 23:59 in Taipei
    expect(addWorkingDays(new Date('2026-11-27T15:59:00Z'), 1)).toBe('2026-11-30');
  });

  it('answers the day itself for 0 and refuses a negative or fractional count', () => {
    expect(addWorkingDays('2026-11-28', 0)).toBe('2026-11-28');
    expect(() => addWorkingDays('2026-11-28', -1)).toThrow(RangeError);
    expect(() => addWorkingDays('2026-11-28', 1.5)).toThrow(RangeError);
  });
});

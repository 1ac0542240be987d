import { describe, expect, it } from 'vitest';
import {
  isValidNationalId,
  isValidPersonId,
  isValidResidentId,
  personIdKind,
} from '../../src/domain/national-id';

describe('身分證字號', () => {
  it.each([
    ['A123456789', true],
    ['F131104093', true],
    ['O158238845', true],
    ['Y123456788', true],
    ['A123456788', false],
    ['F131104091', false],
    ['a123456789', false],
    ['A323456789', false],
    ['A12345678', false],
    ['A800000014', false], // a resident number, not a national ID
  ])('%s → %s', (id, valid) => {
    expect(isValidNationalId(id)).toBe(valid);
  });
});

describe('居留證 / 統一證號', () => {
  it.each([
    ['A800000014', true], // new form [A-Z][89]
    ['A900207177', true],
    ['C800151116', true],
    ['A800000000', false],
    ['AA00000009', true], // old form [A-Z][A-D]
    ['AD00000005', true],
    ['AB00207171', true],
    ['AC03095424', true],
    ['AA00000000', false],
    ['FG31104091', false],
    ['AE00000007', false], // checksum holds, but E was never issued as a second letter (docs/domain.md §4.4)
    ['AZ00000005', false],
    ['A123456789', false], // a national ID
  ])('%s → %s', (id, valid) => {
    expect(isValidResidentId(id)).toBe(valid);
  });
});

describe('either kind', () => {
  it.each([
    ['A123456789', 'national', true],
    ['A800000014', 'resident', true],
    ['AA00000009', 'resident-old', true],
    ['A123456788', 'national', false],
    ['1A23456789', null, false],
    ['A300000005', null, false], // checksum holds, but no ID has 3 as its second character
    ['AE00000007', null, false],
    ['xA123456789', null, false],
    ['A123456789x', null, false],
    ['xA800000014', null, false],
    ['A800000014x', null, false],
    ['xAA00000009', null, false],
    ['AA00000009x', null, false],
  ])('%s is %s, valid %s', (id, kind, valid) => {
    expect(personIdKind(id)).toBe(kind);
    expect(isValidPersonId(id)).toBe(valid);
  });
});

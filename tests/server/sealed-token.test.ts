import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { linkToken, openToken, sealToken, visitToken } from '../../src/server/overprint/sealed-token';

const key = randomBytes(32);
const NOW = new Date('2026-11-24T02:00:00Z');
const claims = { applicationNo: 'GI115112400001', expiresAt: NOW.getTime() + 60_000 };

describe('sealed tokens', () => {
  it('open with their key and purpose until they expire, and hide their claims', () => {
    const token = sealToken(key, 'overprint', claims);
    expect(token).toMatch(/^[\w-]+$/);
    expect(Buffer.from(token, 'base64url').toString('latin1')).not.toContain('GI115112400001');
    expect(openToken(key, 'overprint', token, NOW)).toEqual({ ok: true, claims });
    expect(openToken(key, 'overprint', token, new Date(claims.expiresAt - 1)).ok).toBe(true);
    expect(openToken(key, 'overprint', token, new Date(claims.expiresAt))).toEqual({
      ok: false,
      reason: 'expired',
    });
  });

  it('never open altered, cut, padded, foreign or other-purpose tokens', () => {
    const token = sealToken(key, 'overprint', claims);
    const bytes = Buffer.from(token, 'base64url');
    const invalid = { ok: false, reason: 'invalid' };
    for (let i = 0; i < bytes.length; i += 7) {
      const altered = Buffer.from(bytes);
      altered[i]! ^= 1;
      expect(openToken(key, 'overprint', altered.toString('base64url'), NOW)).toEqual(invalid);
    }
    expect(openToken(key, 'overprint', token.slice(0, -4), NOW)).toEqual(invalid);
    expect(openToken(key, 'overprint', `${token}==`, NOW)).toEqual(invalid);
    expect(openToken(key, 'overprint', token.slice(0, 30), NOW)).toEqual(invalid);
    expect(openToken(randomBytes(32), 'overprint', token, NOW)).toEqual(invalid);
    expect(openToken(key, 'continue' as never, token, NOW)).toEqual(invalid);
    // sealed right, but not claims: no application number
    const odd = sealToken(key, 'overprint', { expiresAt: claims.expiresAt } as never);
    expect(openToken(key, 'overprint', odd, NOW)).toEqual(invalid);
  });

  it.each([
    ['an expiry no date can hold', { ...claims, expiresAt: 1e300 }],
    ['an expiry one past the last date', { ...claims, expiresAt: 8.64e15 + 1 }],
    ['an expiry not a whole millisecond', { ...claims, expiresAt: claims.expiresAt + 0.5 }],
    ['an expiry written as a date', { ...claims, expiresAt: new Date(claims.expiresAt).toISOString() }],
    ['no expiry', { applicationNo: claims.applicationNo }],
    ['a 受理編號 not of its form', { ...claims, applicationNo: 'GI1151124' }],
    ['a 受理編號 not text', { ...claims, applicationNo: 115112400001 }],
    ['not an object', [claims.applicationNo, claims.expiresAt]],
    ['null', null],
  ])('refuse a token sealed right whose claims hold %s as invalid', (_, odd) => {
    const token = sealToken(key, 'overprint', odd as never);
    expect(openToken(key, 'overprint', token, NOW)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('a visit’s token lasts 30 minutes, the print link’s 24 hours', () => {
    const visit = visitToken(key, 'GI115112400001', NOW);
    expect(visit.expiresAt - NOW.getTime()).toBe(30 * 60_000);
    expect(openToken(key, 'overprint', visit.token, NOW)).toEqual({
      ok: true,
      claims: { applicationNo: 'GI115112400001', expiresAt: visit.expiresAt },
    });
    const link = linkToken(key, 'GI115112400001', NOW);
    expect(openToken(key, 'overprint', link, new Date(NOW.getTime() + 24 * 3_600_000 - 1)).ok).toBe(true);
    expect(openToken(key, 'overprint', link, new Date(NOW.getTime() + 24 * 3_600_000)).ok).toBe(false);
  });
});

describe('sealing the same claims', () => {
  it('gives the same token (an idempotent answer repeats itself), other claims another', () => {
    const createdAt = new Date('2026-11-24T02:00:00Z');
    expect(linkToken(key, 'GI115112400001', createdAt)).toBe(linkToken(key, 'GI115112400001', createdAt));
    const other = linkToken(key, 'GI115112400002', createdAt);
    const first = Buffer.from(linkToken(key, 'GI115112400001', createdAt), 'base64url');
    // another application: another IV too, never the same keystream
    expect(Buffer.from(other, 'base64url').subarray(0, 12).equals(first.subarray(0, 12))).toBe(false);
  });
});

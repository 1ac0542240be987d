import { describe, expect, it } from 'vitest';
import { industryLabel } from '../../src/domain/industry';
import { occupationLabel } from '../../src/domain/occupation';
import { afterSignIn, landingFor, screensFor, staffHref, staffPageOf } from '../../src/domain/staff-pages';

describe('labels shown for stored values', () => {
  it('names an industry by its 行業統計分類 letter, and shows an unknown one as stored', () => {
    expect(industryLabel('C')).toBe('製造業');
    expect(industryLabel('S')).toBe('其他服務業');
    expect(industryLabel('Z')).toBe('Z');
  });

  it('names an occupation class given as a number or its value, and an unknown one by its number', () => {
    expect(occupationLabel(1)).toBe('第 1 類：內勤、行政、門市');
    expect(occupationLabel('6')).toBe('第 6 類：高空、高危險作業');
    expect(occupationLabel(7)).toBe('第 7 類');
  });
});

describe('the staff’s pages (docs/specification.md §2: /login, /groupins/logout, below the site’s /groupins/)', () => {
  it('are addressed below the site', () => {
    expect(staffHref('login')).toBe('/groupins/login');
    expect(staffHref('atlas', '?machine=shopcart')).toBe('/groupins/atlas?machine=shopcart');
    expect(staffHref('logout')).toBe('/groupins/logout');
  });

  it('are found from a site path with or without slashes, in any case', () => {
    expect(staffPageOf('/login')).toBe('login');
    expect(staffPageOf('//Atlas/')).toBe('atlas');
    expect(staffPageOf('logout')).toBe('logout');
    expect(staffPageOf('/shopcart/STEP1')).toBeUndefined();
    expect(staffPageOf('/log/in')).toBeUndefined();
    expect(staffPageOf('')).toBeUndefined();
  });
});

describe('where the staff go (issue 35: the screens their roles allow, the first of them after the sign-in)', () => {
  it('lists only the screens of the roles, and lands on the first', () => {
    // 通知設定 is every role's, last (issue 36)
    expect(screensFor(['admin'])).toEqual(['accounts', 'audit', 'notices']);
    expect(screensFor(['analyst'])).toEqual(['atlas', 'notices']);
    // the service desk has the contact inbox and reads a case by its 受理編號; the underwriter also has the
    // queue; both have 寄件匣, the e-mails their work writes (issue 36)
    expect(screensFor(['service'])).toEqual(['contacts', 'outbox', 'case', 'notices']);
    expect(screensFor(['underwriter'])).toEqual(['applications', 'outbox', 'case', 'notices']);
    expect(screensFor(['service', 'underwriter'])).toEqual([
      'applications',
      'contacts',
      'outbox',
      'case',
      'notices',
    ]);
    expect(landingFor(['analyst', 'admin'])).toBe('atlas');
    // the work queue first: an underwriter lands on it whatever else they hold
    expect(landingFor(['analyst', 'underwriter', 'admin'])).toBe('applications');
    expect(landingFor(['admin'])).toBe('accounts');
    expect(landingFor(['service'])).toBe('contacts');
    expect(landingFor([])).toBe('logout');
    expect(staffPageOf('/staff/accounts')).toBe('accounts');
    expect(staffPageOf('/staff/applications')).toBe('applications');
    expect(staffPageOf('/staff/outbox')).toBe('outbox');
    expect(staffPageOf('/staff/notifications')).toBe('notices');
  });

  it('goes back after the sign-in only to a staff page the new roles allow', () => {
    expect(afterSignIn('/groupins/staff/audit?page=2', ['admin'])).toBe('/groupins/staff/audit?page=2');
    expect(afterSignIn('/groupins/staff/audit', ['service'])).toBe('/groupins/staff/contacts');
    expect(afterSignIn('/groupins/staff/outbox?state=failed', ['underwriter'])).toBe(
      '/groupins/staff/outbox?state=failed',
    );
    expect(afterSignIn('/groupins/staff/outbox', ['admin'])).toBe('/groupins/staff/accounts');
    expect(afterSignIn('/groupins/staff/notifications', ['analyst'])).toBe('/groupins/staff/notifications');
    expect(afterSignIn('/groupins/atlas?machine=shopcart', ['analyst'])).toBe(
      '/groupins/atlas?machine=shopcart',
    );
    expect(afterSignIn('/groupins/shopcart/STEP1', ['analyst'])).toBe('/groupins/atlas');
    expect(afterSignIn('https://elsewhere.example/groupins/atlas', ['analyst'])).toBe('/groupins/atlas');
    expect(afterSignIn(undefined, ['admin'])).toBe('/groupins/staff/accounts');
  });
});

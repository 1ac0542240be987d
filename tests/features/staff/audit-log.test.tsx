import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntry } from '../../../src/domain/api/staff';
import { AUDIT_ACTIONS } from '../../../src/domain/audit-actions';
import { ok, renderStaff, type StaffCall } from '../../support/staff-app';

/*
 * 稽核紀錄 in jsdom against a fake server (issue 35: every staff action with who, when and what, newest first,
 * paged by the server; filters by person, by application and by dates; nothing edits or deletes it).
 */

const ADMIN = { name: 'admin.one', roles: ['admin'] };
const entry = (id: number, more: Partial<AuditEntry>): AuditEntry => ({
  id: String(id),
  at: '2026-11-27T02:03:04.000Z',
  actor: 'admin.one',
  action: 'signIn',
  applicationNo: null,
  contactNo: null,
  targetStaff: null,
  detail: null,
  ...more,
});

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

function openAudit(path: string, answer: (call: StaffCall) => ReturnType<typeof ok>) {
  return renderStaff(path, { 'staff/me': ok(ADMIN), 'staff/audit': answer });
}

describe('稽核紀錄', () => {
  it('names every action in Traditional Chinese, with who, when (Taipei) and what it touched', async () => {
    const more: Partial<Record<string, Partial<AuditEntry>>> = {
      'staff.lock': { targetStaff: 'service.one', at: '2026-11-27T15:59:59.000Z' },
      'application.move': { applicationNo: 'GI115112700001', detail: '已受理 → 資料審核中' },
      signInFailed: { actor: '(unknown)', detail: '無此帳號' },
      'staff.add': { actor: '(operator)', targetStaff: 'admin.one' },
    };
    const entries = AUDIT_ACTIONS.map((action, i) => entry(100 - i, { action, ...more[action] }));
    openAudit('/groupins/staff/audit', () => ok({ entries, page: 1, pageSize: 50, total: entries.length }));
    const table = await screen.findByRole('table', { name: '稽核紀錄' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(AUDIT_ACTIONS.length);
    const rowOf = (action: string) => rows[AUDIT_ACTIONS.indexOf(action as never)]!;
    expect(rowOf('staff.lock')).toHaveTextContent(/^2026-11-27 23:59:59admin\.one停用帳號帳號 service\.one$/);
    expect(rowOf('application.move')).toHaveTextContent(
      '變更案件狀態受理編號 GI115112700001已受理 → 資料審核中',
    );
    expect(rowOf('signInFailed')).toHaveTextContent('不明帳號登入失敗無此帳號');
    expect(rowOf('staff.add')).toHaveTextContent('主機指令新增人員帳號 admin.one');
    expect(rowOf('roster.reveal')).toHaveTextContent('檢視完整身分證字號');
    expect(rowOf('roster.print')).toHaveTextContent('列印被保險人名冊');
    // no action is shown by its code, and no two actions share a label
    const labels = rows.map((row) => within(row).getAllByRole('cell')[1]!.textContent!);
    for (const label of labels) expect(label).toMatch(/^[\u4e00-\u9fff]+$/);
    expect(new Set(labels).size).toBe(AUDIT_ACTIONS.length);
    expect(screen.getByTestId('audit-count')).toHaveTextContent(`共 ${AUDIT_ACTIONS.length} 筆，第 1 / 1 頁`);
  });

  it('filters by person, 受理編號 and days, in the address, and pages on the server keeping them', async () => {
    const app = openAudit('/groupins/staff/audit', (call) =>
      ok({
        entries: [entry(Number(call.query.get('page')) * 10, { actor: 'service.one' })],
        page: Number(call.query.get('page')),
        pageSize: 50,
        total: 120,
      }),
    );
    await screen.findByRole('table', { name: '稽核紀錄' });
    expect(app.calls.at(-1)!.query.toString()).toBe('page=1');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^人員/), 'service.one');
    await user.type(screen.getByLabelText('受理編號'), 'gi115112700001');
    await user.type(screen.getByLabelText('起日'), '2026-11-01');
    await user.type(screen.getByLabelText('迄日'), '2026-11-27');
    await user.click(screen.getByRole('button', { name: '查詢' }));
    await waitFor(() =>
      expect(Object.fromEntries(app.calls.at(-1)!.query)).toEqual({
        page: '1',
        person: 'service.one',
        applicationNo: 'GI115112700001',
        from: '2026-11-01',
        to: '2026-11-27',
      }),
    );
    expect(app.location()).toBe(
      '/groupins/staff/audit?person=service.one&applicationNo=GI115112700001&from=2026-11-01&to=2026-11-27',
    );
    await waitFor(() =>
      expect(screen.getByTestId('audit-count')).toHaveTextContent('共 120 筆，第 1 / 3 頁'),
    );
    const next = screen.getByRole('button', { name: '下一頁' });
    await user.click(next);
    await waitFor(() => expect(screen.getByTestId('audit-count')).toHaveTextContent('第 2 / 3 頁'));
    expect(Object.fromEntries(app.calls.at(-1)!.query)).toMatchObject({ page: '2', person: 'service.one' });
    expect(next).toHaveFocus();
    await user.click(next);
    await waitFor(() => expect(screen.getByTestId('audit-count')).toHaveTextContent('第 3 / 3 頁'));
    expect(next).toHaveAttribute('aria-disabled', 'true');
    expect(next).toHaveFocus();
  });

  it('checks a filter before asking, and shows the server’s refusal of a period', async () => {
    const app = openAudit(
      '/groupins/staff/audit?from=2026-11-27&to=2026-11-01',
      () =>
        ({
          returnCode: 400,
          data: null,
          msg: '起日不可晚於迄日',
          status: 400,
        }) as ReturnType<typeof ok>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('起日不可晚於迄日');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^人員/), 'Not A Name!');
    await user.click(screen.getByRole('button', { name: '查詢' }));
    expect(await screen.findByText('人員格式錯誤')).toBeVisible();
    expect(app.calls.filter((c) => c.path === 'staff/audit')).toHaveLength(1);
  });

  it('has nothing that edits or deletes an entry', async () => {
    openAudit('/groupins/staff/audit', () =>
      ok({
        entries: [entry(1, { action: 'staff.add', targetStaff: 'x.one' })],
        page: 1,
        pageSize: 50,
        total: 1,
      }),
    );
    const table = await screen.findByRole('table', { name: '稽核紀錄' });
    expect(within(table).queryAllByRole('button')).toEqual([]);
    expect(within(table).queryAllByRole('textbox')).toEqual([]);
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual(['查詢', '清除條件']);
  });
});

import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { headingOf } from '../../../src/domain/screens';
import { heldNetwork } from '../../support/held-network';
import { openPage } from '../../support/visitor-page';

// The about pages and the B2B introduction: what the issue and docs/domain.md ask each to say.

let close: (() => void) | undefined;
afterEach(() => {
  cleanup();
  close?.();
  close = undefined;
});

async function open(path: string, id: Parameters<typeof headingOf>[0]) {
  const network = heldNetwork([]);
  const page = await openPage(path);
  close = () => {
    page.stop();
    network.close();
  };
  await screen.findByRole('heading', { level: 1, name: headingOf(id) });
  return screen.getByRole('main');
}

/** The headings of `main` in order form an outline: one h1, no level skipped. */
function expectOutline(main: HTMLElement) {
  const levels = within(main)
    .getAllByRole('heading')
    .map((h) => Number(h.tagName.slice(1)));
  expect(levels.filter((l) => l === 1)).toHaveLength(1);
  for (const [i, level] of levels.entries()) if (i > 0) expect(level).toBeLessThanOrEqual(levels[i - 1]! + 1);
}

describe('about pages', () => {
  it('團保基本知識 compares group, labor and national health insurance and states the tax rule', async () => {
    const main = await open('/about/bscknow', 'ODGAF090');
    const table = within(main).getByRole('table', { name: /比較/ });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['項目', '勞工保險', '全民健康保險', '團體保險']);
    expect(main).toHaveTextContent('至少須有 5 人');
    expect(main).toHaveTextContent('每人每月新臺幣2,000元以內');
    expect(main).toHaveTextContent('勞動基準法第59條');
    expectOutline(main);
  });

  it('理賠服務 lists the documents for each kind of claim and the time limits in law', async () => {
    const main = await open('/about/claim', 'ODGAF091');
    const kinds = [...main.querySelectorAll('details summary')].map((s) => s.textContent);
    expect(kinds).toEqual([
      '身故',
      '失能',
      '住院醫療（實支實付、日額）',
      '傷害醫療',
      '癌症、重大疾病',
      '職業災害',
    ]);
    for (const details of main.querySelectorAll('details'))
      expect(details.querySelectorAll('li').length).toBeGreaterThan(0);
    expect(main).toHaveTextContent('保險法第65條');
    expect(main).toHaveTextContent('2 年不行使而消滅');
    expect(within(main).getByRole('link', { name: '線上留言' })).toHaveAttribute(
      'href',
      '/groupins/contact?topic=claim',
    );
    expectOutline(main);
  });

  it('加值服務 names the services and asks before promising the optional ones', async () => {
    const main = await open('/about/addvalue', 'ODGAF092');
    expect(
      within(main)
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual(expect.arrayContaining(['理賠醫起通', '保險存摺', '防詐提醒']));
    expect(main).toHaveTextContent('依投保方案及人數');
    expectOutline(main);
  });

  it('企業網路保險服務 says what the portal does and how access is given, in four steps', async () => {
    const main = await open('/B2Bsystem/introb2b', 'ODGAF093');
    const steps = within(main).getByRole('heading', { name: '導入流程' }).nextElementSibling as HTMLElement;
    expect(steps.tagName).toBe('OL');
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('strong')?.textContent),
    ).toEqual(['簽約', '開通帳號', '教育訓練', '上線']);
    expect(main).toHaveTextContent('連續錯誤 3 次');
    expect(within(main).getByRole('link', { name: '線上留言' })).toHaveAttribute(
      'href',
      '/groupins/contact?topic=b2b',
    );
    expectOutline(main);
  });
});

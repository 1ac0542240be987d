import type { Page } from 'playwright-core';
import type { ChosenCover } from '../../machines/tryout.machine';
import type { TryoutGroup } from '../../src/domain/api/tryout';
import { openApp } from '../../tests/e2e/support/built-app';
import type { FlowInChromium, FlowWatch } from '../../tests/e2e/support/flow-in-chromium';
import { heldPageNetwork } from '../../tests/e2e/support/held-network';
import { tryoutScreen } from '../../tests/support/flow-screens';
import { machines } from '../registry';
import { TryoutOracle, type TryoutStimulus, type TryoutView } from './oracle';
import { SAMPLE_TRYOUT_TODAY } from './samples';
import { TRYOUT_CALLS, tryoutStimuli } from './stimuli';

/** The visitor's clock on the path's day, 09:00 in Taipei (timers keep running). */
const dayOf = (today: string) => new Date(`${today}T09:00:00+08:00`);

/** STEP1: the cover's package, or exactly its cells at their amounts; then 下一步. */
async function chooseIn(page: Page, cover: ChosenCover, watch: FlowWatch) {
  if (cover.choice.kind === 'package') {
    await page.getByRole('radio', { name: '選擇方案（保障已搭配好）' }).check();
    await page.getByRole('radio', { name: new RegExp(`^${cover.pkg.PACK_NAME}：`) }).check();
  } else {
    await page.getByRole('radio', { name: '自選單項保障與保額' }).check();
    const wanted = new Map(cover.choice.cells.map((c) => [c.prodId, c.choice]));
    const boxes = page.locator('input[type="checkbox"][name^="cells."]');
    for (const box of await boxes.all()) {
      const prodId = /^cells\.(\w+)\.on$/.exec((await box.getAttribute('name')) ?? '')?.[1] ?? '';
      await box.setChecked(wanted.has(prodId));
    }
    for (const [prodId, value] of wanted)
      await page.locator(`select[name="cells.${prodId}.choice"]`).selectOption(String(value));
  }
  await watch.filled?.(page);
  await page.getByRole('button', { name: '下一步：填寫團體資料' }).click();
}

/** STEP2: the group's fields as the sample gives them; then 試算保費. */
async function describeIn(page: Page, group: TryoutGroup, watch: FlowWatch) {
  await page.locator('input[name="headcount"]').fill(String(group.headcount));
  await page.locator('select[name="occupationClass"]').selectOption(String(group.occupationClass));
  if (group.ageBasis === 'average') {
    await page.getByRole('radio', { name: '平均年齡' }).check();
    await page.locator('input[name="averageAge"]').fill(String(group.averageAge));
  } else {
    await page.getByRole('radio', { name: '各年齡層人數（較準確）' }).check();
    for (const box of await page.locator('input[name^="ageBands."]').all()) {
      const key = ((await box.getAttribute('name')) ?? '').slice('ageBands.'.length);
      await box.fill(String(group.ageBands?.[key as keyof NonNullable<TryoutGroup['ageBands']>] ?? ''));
    }
  }
  if (
    group.salaryBasis === 'grade' &&
    (await page.getByRole('radio', { name: '選擇勞保投保薪資級距' }).count())
  ) {
    await page.getByRole('radio', { name: '選擇勞保投保薪資級距' }).check();
    await page.locator('select[name="salaryGrade"]').selectOption(String(group.salaryGrade));
  }
  await watch.filled?.(page);
  await page.getByRole('button', { name: '試算保費' }).click();
}

const stepOfPath = (path: string) => Number(/\/tryout\/STEP([1-3])$/.exec(path)?.[1] ?? 0);

/** The built app in Chromium with the quote held; the address bar is a real navigation. */
export const tryoutInChromium: FlowInChromium<TryoutStimulus, TryoutView> = {
  entry: machines.find((m) => m.id === 'tryout')!,
  calls: TRYOUT_CALLS,
  stimuli: tryoutStimuli,
  start: '/tryout/STEP1',
  oracle: () => new TryoutOracle(SAMPLE_TRYOUT_TODAY),
  async driver(page, origin, watch) {
    await page.clock.setFixedTime(dayOf(SAMPLE_TRYOUT_TODAY));
    const network = await heldPageNetwork(page, TRYOUT_CALLS);
    return {
      async act(s) {
        switch (s.kind) {
          case 'confirmCover':
            await chooseIn(page, s.cover as ChosenCover, watch);
            return;
          case 'confirmGroup':
            await describeIn(page, s.group as TryoutGroup, watch);
            return;
          case 'retry':
            await page.getByRole('button', { name: '再試一次' }).click();
            return;
          case 'added':
            await page.getByRole('button', { name: '加入購物車', exact: true }).click();
            await page
              .getByRole('main')
              .getByText(/^已將「/)
              .waitFor();
            return;
          case 'open':
            await openApp(page, `${origin}/groupins/tryout/STEP${s.step}`);
            return;
          case 'startOver':
            await page.clock.setFixedTime(dayOf(s.today));
            await page.getByRole('button', { name: '重新試算' }).click();
            return;
          case 'reply':
            await network.reply(s.call, s.reply);
        }
      },
      wait: async () => {},
      view: async () => {
        const view = (await page.evaluate(tryoutScreen)) as TryoutView;
        const step = stepOfPath(new URL(page.url()).pathname);
        return step === view.step ? view : { ...view, step: `the address says STEP${step}` as never };
      },
      sent: () => network.sent().filter((r) => r.call === 'tryout/quote'),
    };
  },
};

import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_PATH } from '../tests/e2e/support/browser';
import { startBuiltServer } from '../tests/e2e/support/server';

// Lighthouse (mobile preset, simulated throttling) in Debian's Chromium against the built server, on the
// pages DESIGN.md budgets: performance ≥ 0.95, accessibility 1.0, best practices ≥ 0.95. Each page runs
// RUNS times (default 3) and the median run counts: one run on a shared 2-core machine is noise. PAGES
// (comma-separated paths) measures other pages against the same budgets.
const PAGES = process.env.PAGES?.split(',') ?? [
  '/groupins/',
  '/groupins/product/optionpackage',
  '/groupins/shopcart/STEP2',
];
const BUDGET = { performance: 0.95, accessibility: 1, 'best-practices': 0.95 } as const;
const RUNS = Number(process.env.RUNS ?? 3);

const server = await startBuiltServer();
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM_PATH,
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
let over = false;
try {
  console.log('page                               performance  accessibility  best-practices');
  for (const page of PAGES) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const result = await lighthouse(`${server.origin}${page}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: Object.keys(BUDGET),
      });
      if (!result) throw new Error(`no Lighthouse result for ${page}`);
      runs.push(result.lhr);
    }
    runs.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
    const { categories, audits } = runs[Math.floor(runs.length / 2)]!;
    const score = (id: keyof typeof BUDGET) => categories[id]?.score ?? 0;
    console.log(
      `${page.padEnd(34)} ${score('performance').toFixed(2).padStart(11)}  ${score('accessibility').toFixed(2).padStart(13)}  ${score('best-practices').toFixed(2).padStart(14)}`,
    );
    for (const id of Object.keys(BUDGET) as (keyof typeof BUDGET)[]) {
      if (score(id) >= BUDGET[id]) continue;
      over = true;
      const failing = (categories[id]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => `${ref.id} (${audits[ref.id]?.displayValue ?? audits[ref.id]?.score})`);
      console.log(`  ${id} below ${BUDGET[id]}: ${failing.join(', ')}`);
    }
  }
} finally {
  chrome.kill();
  await server.stop();
}
console.log(over ? 'Lighthouse budget: OVER' : 'Lighthouse budget: within');

import { readFileSync } from 'node:fs';
import { launchBrowser } from './tests/e2e/support/browser';

const [, , svg, out] = process.argv;
const text = readFileSync(svg!, 'utf8').replace(/^<\?xml[^>]*>/, '');
const [, w, h] = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(text)!;
const b = await launchBrowser();
const p = await b.newPage({ viewport: { width: Math.ceil(Number(w)), height: Math.ceil(Number(h)) } });
await p.setContent(`<html><body style="margin:0;background:#fff">${text}</body></html>`);
await p.screenshot({ path: out!, timeout: 60_000 });
await b.close();

import { describe, it } from 'vitest';
import { flowPaths } from '../../machine-paths/paths';
import { shopcartInChromium } from '../../machine-paths/shopcart/chromium';
import { builtAppForThisFile } from './support/built-app';
import { runInChromium } from './support/flow-in-chromium';

const app = builtAppForThisFile();

describe('shopcart paths in Chromium, against the shopcart oracle', () => {
  for (const path of flowPaths(shopcartInChromium.entry))
    it(path.description, () => runInChromium(app, shopcartInChromium, path), 90_000);
});

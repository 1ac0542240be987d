import { describe, it } from 'vitest';
import { overprintInChromium } from '../../machine-paths/overprint/chromium';
import { flowPaths } from '../../machine-paths/paths';
import { builtAppForThisFile } from './support/built-app';
import { runInChromium } from './support/flow-in-chromium';

const app = builtAppForThisFile();

describe('overprint paths in Chromium, against the overprint oracle', () => {
  for (const path of flowPaths(overprintInChromium.entry))
    it(path.description, () => runInChromium(app, overprintInChromium, path), 90_000);
});

import { describe, it } from 'vitest';
import { flowPaths } from '../../machine-paths/paths';
import { builtAppForThisFile } from './support/built-app';
import { runInChromium } from './support/flow-in-chromium';
import { overprintInChromium } from './support/overprint-in-chromium';

const app = builtAppForThisFile();

describe('overprint paths in Chromium, against the overprint oracle', () => {
  for (const path of flowPaths(overprintInChromium.entry))
    it(path.description, () => runInChromium(app, overprintInChromium, path), 90_000);
});

import { describe, it } from 'vitest';
import { flowPaths } from '../../machine-paths/paths';
import { tryoutInChromium } from '../../machine-paths/tryout/chromium';
import { builtAppForThisFile } from './support/built-app';
import { runInChromium } from './support/flow-in-chromium';

const app = builtAppForThisFile();

describe('tryout paths in Chromium, against the tryout oracle', () => {
  for (const path of flowPaths(tryoutInChromium.entry))
    it(path.description, () => runInChromium(app, tryoutInChromium, path), 90_000);
});

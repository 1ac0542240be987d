import { describe, it } from 'vitest';
import { applicationInChromium } from '../../machine-paths/application/chromium';
import { flowPaths } from '../../machine-paths/paths';
import { runInChromium } from './support/flow-in-chromium';
import { staffSiteForThisFile } from './support/staff-site';

// An application's life on 案件明細 (issue 35) in Chromium against the built server: each generated path of
// the application machine acted out by an underwriter made with staff:add, on an application of its own,
// checked against the application oracle after every step.

const UNDERWRITER = { name: 'paths.underwriter', password: 'application-paths-e2e-password' };

const app = staffSiteForThisFile({
  name: 'application',
  accounts: { [UNDERWRITER.name]: 'underwriter' },
  password: UNDERWRITER.password,
  // a captcha of at most 1,000 hashes: each path's company applies in milliseconds
  env: { CAPTCHA_MAX_NUMBER: '1000' },
});

describe('application paths on 案件明細 in Chromium, against the built server and the application oracle', () => {
  const flow = applicationInChromium(UNDERWRITER);
  for (const path of flowPaths(flow.entry))
    it(path.description, () => runInChromium(app, flow, path), 90_000);
});

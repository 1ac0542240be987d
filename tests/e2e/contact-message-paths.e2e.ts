import { describe, it } from 'vitest';
import { contactMessageInChromium } from '../../machine-paths/contact-message/chromium';
import { SAMPLE_INBOX_STAFF } from '../../machine-paths/contact-message/samples';
import { flowPaths } from '../../machine-paths/paths';
import { runInChromium } from './support/flow-in-chromium';
import { staffSiteForThisFile } from './support/staff-site';

// A contact message's life on 聯絡訊息 (issue 35) in Chromium against the built server: each generated path of
// the contact-message machine acted out by a service person made with staff:add, on a message of its own,
// checked against the contact-message oracle after every step.

// the service person the machine's samples name: 指派給我 takes a message for the one signed in
const SERVICE = { name: SAMPLE_INBOX_STAFF, password: 'contact-message-paths-e2e-password' };

const app = staffSiteForThisFile({
  name: 'contact-message',
  accounts: { [SERVICE.name]: 'service' },
  password: SERVICE.password,
  // a captcha of at most 1,000 hashes: each path's company writes in milliseconds
  env: { CAPTCHA_MAX_NUMBER: '1000' },
});

describe('contact-message paths on 聯絡訊息 in Chromium, against the built server and the oracle', () => {
  const flow = contactMessageInChromium(SERVICE);
  for (const path of flowPaths(flow.entry))
    it(path.description, () => runInChromium(app, flow, path), 90_000);
});

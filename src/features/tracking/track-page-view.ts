import { clientDevice } from '../../domain/device';
import { apiPost } from '../../lib/api-client';

const CAMPAIGN_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;

/**
 * docs/specification.md §4, §7: each navigation logs a page view; a visit with utm parameters logs a campaign view instead.
 * Tracking never disturbs the visitor: failures are dropped.
 */
export function trackPageView(from: string | undefined, to: string | undefined, searchStr: string): void {
  const view = {
    client_device: clientDevice(navigator.userAgent, navigator.maxTouchPoints),
    curr_page: from ?? '',
    next_page: to ?? '',
  };
  const query = Object.fromEntries(new URLSearchParams(searchStr));
  const campaign = CAMPAIGN_KEYS.some((key) => key in query);
  const sent = campaign
    ? apiPost('DTODGAZ0/addDetailTrace', { ...query, ...view, query })
    : apiPost('DTODGAZ0/addTrace', view);
  sent.catch(() => undefined);
}

import type { Kysely } from 'kysely';
import type { AddDetailTrace, AddTrace } from '../../../domain/api/cart-service';
import type { Database } from '../schema';

/** A page view of the session (docs/specification.md §7 "Log page view"). */
export async function insertPageTrace(
  db: Kysely<Database>,
  sessionId: string,
  trace: AddTrace,
): Promise<void> {
  await db
    .insertInto('page_traces')
    .values({
      session_id: sessionId,
      client_device: trace.client_device,
      curr_page: trace.curr_page,
      next_page: trace.next_page,
    })
    .execute();
}

/** A page view that came with a campaign query (docs/specification.md §7 "Log campaign view"). */
export async function insertCampaignTrace(
  db: Kysely<Database>,
  sessionId: string,
  trace: AddDetailTrace,
): Promise<void> {
  await db
    .insertInto('campaign_traces')
    .values({
      session_id: sessionId,
      client_device: trace.client_device,
      curr_page: trace.curr_page,
      next_page: trace.next_page,
      utm_source: trace.utm_source || null,
      utm_medium: trace.utm_medium || null,
      utm_campaign: trace.utm_campaign || null,
      utm_term: trace.utm_term || null,
      utm_content: trace.utm_content || null,
      query: JSON.stringify(trace.query),
    })
    .execute();
}

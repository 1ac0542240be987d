import { beforeAll } from 'vitest';
import { migrateToLatest } from '../../src/server/db/migrate';
import { contactInboxCases } from '../support/contact-inbox-cases';
import { usePostgres } from '../support/postgres-app';
import { describeWithPostgres } from '../support/postgres-cluster';

// Here the pool runs transactions side by side: the races are staged with both open before either reads
// the message, so only the row lock and the version keep two people from both landing.
describeWithPostgres('the contact inbox on a real PostgreSQL', () => {
  const pg = usePostgres();
  beforeAll(() => migrateToLatest(pg.db), 60_000);

  contactInboxCases(() => pg.db, true);
});

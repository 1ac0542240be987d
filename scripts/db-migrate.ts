import { loadConfig } from '../src/server/config';
import { createDatabase, databaseTarget } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrate';
import { seed } from '../src/server/db/seed';

const config = loadConfig();
const db = createDatabase(databaseTarget(config));
try {
  await migrateToLatest(db);
  await seed(db);
  process.stdout.write(`database ready (${config.databaseUrl ? 'PostgreSQL' : 'PGlite'})\n`);
} finally {
  await db.destroy();
}

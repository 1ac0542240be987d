import { processOutput } from '../src/server/operator/advance-command';
import { runMigrateCommand } from '../src/server/operator/migrate-command';

// Refuses on the embedded database while a server holds it (src/server/operator/migrate-command.ts).
process.exitCode = await runMigrateCommand(process.env, processOutput);

import { processOutput, runAdvanceCommand } from '../src/server/operator/advance-command';

// npm run application:advance -- <受理編號> <status> [--note <text>] (src/server/operator/advance-command.ts)
process.exitCode = await runAdvanceCommand(process.argv.slice(2), process.env, processOutput);

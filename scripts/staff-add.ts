import { processOutput } from '../src/server/operator/command-runner';
import { stdinPasswordInput } from '../src/server/operator/password-prompt';
import { runStaffAddCommand } from '../src/server/operator/staff-command';

// npm run staff:add -- <name> --role <role>[,<role>], the password on standard input
// (src/server/operator/staff-command.ts)
process.exitCode = await runStaffAddCommand(
  process.argv.slice(2),
  process.env,
  processOutput,
  stdinPasswordInput(),
);

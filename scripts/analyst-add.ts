import { runAnalystAddCommand } from '../src/server/operator/analyst-command';
import { processOutput } from '../src/server/operator/command-runner';
import { stdinPasswordInput } from '../src/server/operator/password-prompt';

// npm run analyst:add -- <name>, the password on standard input (src/server/operator/analyst-command.ts)
process.exitCode = await runAnalystAddCommand(
  process.argv.slice(2),
  process.env,
  processOutput,
  stdinPasswordInput(),
);

import { ANALYST_NAME, ANALYST_PASSWORD_MIN, loginSchema } from '../../domain/api/atlas';
import { hashPassword } from '../atlas/passwords';
import { type CommandOutput, runOperatorTask } from './command-runner';
import { type AnalystAddAnswer, type AnalystAddCommand, runAnalystAdd } from './commands';
import type { PasswordInput } from './password-prompt';

/*
 * `npm run analyst:add -- <name>`: adds an analyst of the machine atlas, or gives an existing one a new
 * password. The password comes from standard input (asked twice, hidden, at a terminal), never from the
 * command line, where other users and the shell's history would see it; it is hashed here, so only the
 * hash reaches the server's socket or the database (command-runner.ts). Neither is ever printed.
 */

/** 0 added or replaced; 2 a mistake in the name or the password; 3 not run. */
export const ANALYST_EXIT = { done: 0, usage: 2, notRun: 3 } as const;

export async function runAnalystAddCommand(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
  output: CommandOutput,
  input: PasswordInput,
): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    output.out(analystUsage());
    return ANALYST_EXIT.done;
  }
  const refuse = (problem: string) => {
    output.err(problem);
    output.err('');
    output.err(analystUsage());
    return ANALYST_EXIT.usage;
  };
  const wrongName = nameProblem(argv);
  if (wrongName) return refuse(wrongName);
  const read = await readPassword(input);
  if ('problem' in read) return refuse(read.problem);
  const name = argv[0]!;
  const command: AnalystAddCommand = {
    command: 'analyst.add',
    name,
    passwordHash: await hashPassword(read.password),
  };
  const outcome = await runOperatorTask(env, {
    command,
    table: 'analysts',
    tables: 'analyst',
    run: runAnalystAdd,
    isResult: isAnalystAddAnswer,
  });
  if ('failure' in outcome) {
    output.err(outcome.failure);
    return ANALYST_EXIT.notRun;
  }
  output.out(
    outcome.answer.created
      ? `analyst ${name} added`
      : `analyst ${name}: password replaced, lock cleared, sessions ended`,
  );
  return ANALYST_EXIT.done;
}

// Nothing typed on the command line is quoted back: someone may have put the password there.
function nameProblem(argv: readonly string[]): string | undefined {
  const [name, extra] = argv;
  if (name === undefined) return 'Give the analyst’s name.';
  if (name.startsWith('-')) return 'Unknown option: the command takes the analyst’s name alone.';
  if (extra !== undefined)
    return 'Unexpected argument after the name: the password is never given on the command line.';
  if (!ANALYST_NAME.test(name))
    return 'Not an analyst name: a-z first, then a-z, 0-9, . _ or -; 3 to 32 characters.';
  return undefined;
}

/** The password, or what is wrong with it; never the password in the message. */
async function readPassword(input: PasswordInput): Promise<{ password: string } | { problem: string }> {
  let password: string;
  try {
    password = await input.read('Password: ');
    if (input.interactive && (await input.read('Password again: ')) !== password)
      return { problem: 'The two passwords differ; nothing was changed.' };
  } catch {
    return { problem: 'No password was given; nothing was changed.' };
  }
  if ([...password].length < ANALYST_PASSWORD_MIN)
    return {
      problem: `The password is shorter than ${ANALYST_PASSWORD_MIN} characters; nothing was changed.`,
    };
  // the login's own rules (its length limit): a password it refuses could never be used
  if (!(await loginSchema.isValid({ name: 'analyst', password })))
    return { problem: 'The login does not take this password (too long); nothing was changed.' };
  return { password };
}

function isAnalystAddAnswer(value: unknown): value is AnalystAddAnswer {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { created?: unknown }).created === 'boolean'
  );
}

export function analystUsage(): string {
  return [
    'Usage: npm run analyst:add -- <name>',
    '',
    'Adds an analyst who may log in to the machine atlas, or gives an existing one a new password (its',
    'lock cleared, its sessions ended). The password is asked twice at a terminal, without echo, or read',
    'from the first line of standard input when that is a pipe or a file; never from the command line.',
    '  <name>       a-z first, then a-z, 0-9, . _ or -; 3 to 32 characters',
    `  password     at least ${ANALYST_PASSWORD_MIN} characters`,
    '',
    'Exit codes: 0 added or replaced; 2 a mistake in the name or the password; 3 not run (the database',
    'busy, not set up or unreachable).',
  ].join('\n');
}

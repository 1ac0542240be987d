import { loginSchema, STAFF_NAME, STAFF_PASSWORD_MIN } from '../../domain/api/staff';
import { isStaffRole, STAFF_ROLES, type StaffRole } from '../../domain/staff-roles';
import { hashPassword } from '../staff/passwords';
import { type CommandOutput, runOperatorTask } from './command-runner';
import { runStaffAdd, type StaffAddAnswer, type StaffAddCommand } from './commands';
import type { PasswordInput } from './password-prompt';

/*
 * `npm run staff:add -- <name> --role <role>[,<role>]`: adds a staff account with those roles, or gives an
 * existing one a new password and those roles. The password comes from standard input (asked twice,
 * hidden, at a terminal), never from the command line, where other users and the shell's history would
 * see it; it is hashed here, so only the hash reaches the server's socket or the database
 * (command-runner.ts). Neither is ever printed. The change is audited with the actor '(operator)'.
 */

/** 0 added or replaced; 2 a mistake in the arguments or the password; 3 not run. */
export const STAFF_EXIT = { done: 0, usage: 2, notRun: 3 } as const;

export async function runStaffAddCommand(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
  output: CommandOutput,
  input: PasswordInput,
): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    output.out(staffUsage());
    return STAFF_EXIT.done;
  }
  const refuse = (problem: string) => {
    output.err(problem);
    output.err('');
    output.err(staffUsage());
    return STAFF_EXIT.usage;
  };
  const parsed = parseArguments(argv);
  if ('problem' in parsed) return refuse(parsed.problem);
  const read = await readPassword(input);
  if ('problem' in read) return refuse(read.problem);
  const command: StaffAddCommand = {
    command: 'staff.add',
    name: parsed.name,
    roles: parsed.roles,
    passwordHash: await hashPassword(read.password),
  };
  const outcome = await runOperatorTask(
    env,
    {
      command,
      table: 'staff_roles',
      tables: 'staff',
      run: runStaffAdd,
      isResult: isStaffAddAnswer,
    },
    output,
  );
  if ('failure' in outcome) {
    output.err(outcome.failure);
    return STAFF_EXIT.notRun;
  }
  const roles = parsed.roles.join(',');
  output.out(
    outcome.answer.created
      ? `staff ${parsed.name} added (${roles})`
      : `staff ${parsed.name}: roles ${roles}, password replaced, wrong-password lock cleared, sessions ended`,
  );
  return STAFF_EXIT.done;
}

type Parsed = { name: string; roles: StaffRole[] } | { problem: string };

// Nothing typed on the command line is quoted back: someone may have put the password there.
function parseArguments(argv: readonly string[]): Parsed {
  const positional: string[] = [];
  let roles: string | undefined;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    let value: string | undefined;
    if (arg === '--role') {
      value = argv[i + 1];
      if (value === undefined || value.startsWith('-')) return { problem: '--role needs the roles.' };
      i += 1;
    } else if (arg.startsWith('--role=')) value = arg.slice('--role='.length);
    else if (arg.startsWith('-'))
      return { problem: 'Unknown option: the command takes the name and --role alone.' };
    else {
      positional.push(arg);
      continue;
    }
    if (roles !== undefined)
      return { problem: '--role is given twice: list the roles once, comma-separated.' };
    roles = value;
  }
  const [name, extra] = positional;
  if (name === undefined) return { problem: 'Give the person’s account name.' };
  if (extra !== undefined)
    return {
      problem: 'Unexpected argument after the name: the password is never given on the command line.',
    };
  if (!STAFF_NAME.test(name))
    return { problem: 'Not an account name: a-z first, then a-z, 0-9, . _ or -; 3 to 32 characters.' };
  if (roles === undefined) return { problem: `Give the roles with --role (${STAFF_ROLES.join(', ')}).` };
  const listed = roles.split(',').map((role) => role.trim());
  if (listed.length === 0 || !listed.every(isStaffRole))
    return { problem: `Not a role list: give one or more of ${STAFF_ROLES.join(', ')}, comma-separated.` };
  return { name, roles: STAFF_ROLES.filter((role) => listed.includes(role)) };
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
  if ([...password].length < STAFF_PASSWORD_MIN)
    return {
      problem: `The password is shorter than ${STAFF_PASSWORD_MIN} characters; nothing was changed.`,
    };
  // the sign-in's own rules (its length limit): a password it refuses could never be used
  if (!(await loginSchema.isValid({ name: 'staff', password })))
    return { problem: 'The sign-in does not take this password (too long); nothing was changed.' };
  return { password };
}

function isStaffAddAnswer(value: unknown): value is StaffAddAnswer {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { created?: unknown }).created === 'boolean'
  );
}

export function staffUsage(): string {
  return [
    'Usage: npm run staff:add -- <name> --role <role>[,<role>]',
    '',
    'Adds a staff account with these roles, or gives an existing one a new password and these roles (its',
    'wrong-password lock cleared, its sessions ended; an admin’s lock stays). The password is asked twice',
    'at a terminal, without echo, or read from the first line of standard input when that is a pipe or a',
    'file; never from the command line. Recorded in the audit log as done by (operator).',
    '  <name>       a-z first, then a-z, 0-9, . _ or -; 3 to 32 characters',
    `  --role       one or more of ${STAFF_ROLES.join(', ')}, comma-separated`,
    `  password     at least ${STAFF_PASSWORD_MIN} characters`,
    '',
    'Exit codes: 0 added or replaced; 2 a mistake in the arguments or the password; 3 not run (the',
    'database busy, not set up or unreachable).',
  ].join('\n');
}

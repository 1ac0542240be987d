import { fileURLToPath } from 'node:url';
import type { RunnerTestCase } from 'vitest';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import type { Reporter, Vitest } from 'vitest/node';
import base from '../vite.config.ts';

// The Vitest config Stryker runs (scripts/mutation.ts): the repository's `unit` and `dom` projects, each
// narrowed to the tests of one mutation group (MUTATION_GROUP), so that a mutant that must run every
// test (a static one) runs that group's tests and never the browser or server ones. The flow tests
// answer the package page with the seeded catalogue, which the projects' global setup reads once a run.
const groups: Record<string, Record<string, string[]>> = {
  machines: {
    unit: ['tests/machines/**/*.test.ts', 'tests/machine-paths/**/*.test.ts'],
    dom: ['tests/features/{cart,session,consent}*.test.tsx'],
  },
  'shopcart-machine': { unit: ['tests/machines/**/*.test.ts'] },
  'shopcart-bindings': {
    unit: ['tests/machines/**/*.test.ts'],
    dom: [
      'tests/features/shopcart.test.tsx',
      'tests/lib/{stored-flow,create-flow,use-flow-step,flow-hearing}.test.tsx',
    ],
  },
  'tryout-machine': { unit: ['tests/machines/**/*.test.ts'] },
  'tryout-bindings': {
    unit: ['tests/machines/**/*.test.ts'],
    dom: ['tests/features/tryout.test.tsx', 'tests/lib/flow-hearing.test.tsx'],
  },
  'overprint-machine': { unit: ['tests/machines/**/*.test.ts'] },
  'overprint-bindings': {
    unit: ['tests/machines/**/*.test.ts'],
    dom: ['tests/features/overprint.test.tsx'],
  },
  'contact-machine': { unit: ['tests/machines/**/*.test.ts'] },
  'contact-bindings': { unit: ['tests/machines/**/*.test.ts'], dom: ['tests/features/contact.test.tsx'] },
  'application-machine': { unit: ['tests/machines/**/*.test.ts'] },
  'application-bindings': {
    unit: [
      'tests/machines/**/*.test.ts',
      'tests/server/application-{case,case-documents,advance}.test.ts',
      'tests/server/staff-route-roles.test.ts',
    ],
    dom: [
      'tests/features/application.test.tsx',
      'tests/features/staff/application-case.test.tsx',
      'tests/screens/progress/progress.test.tsx',
    ],
  },
  'contact-message-machine': { unit: ['tests/machines/**/*.test.ts'] },
  'contact-message-bindings': {
    unit: [
      'tests/machines/**/*.test.ts',
      'tests/server/contact-inbox{,-routes}.test.ts',
      'tests/server/staff-route-roles.test.ts',
    ],
    dom: [
      'tests/features/contact-message.test.tsx',
      'tests/features/staff/contact-{inbox,inbox-list,message-moves}.test.tsx',
    ],
  },
  'outbox-message-machine': { unit: ['tests/machines/**/*.test.ts'] },
  'outbox-bindings': {
    unit: [
      'tests/machines/outbox-message.test.ts',
      'tests/server/outbox-{messages,delivery,server,routes}.test.ts',
      'tests/server/{message-wording,staff-notifications}.test.ts',
      'tests/server/config.test.ts',
      'tests/server/staff-route-roles.test.ts',
    ],
    dom: ['tests/features/outbox-message.test.tsx', 'tests/features/staff/outbox.test.tsx'],
  },
  'email-code-machine': { unit: ['tests/machines/**/*.test.ts'] },
  'email-code-bindings': {
    unit: ['tests/machines/email-code.test.ts', 'tests/server/{roster-access,staff-notifications}.test.ts'],
    dom: ['tests/features/email-code.test.tsx'],
  },
  'outbox-screens': {
    dom: [
      'tests/features/outbox-message.test.tsx',
      'tests/features/staff/{outbox,staff-notices}.test.tsx',
      'tests/features/staff/staff-shell.test.tsx',
    ],
  },
  atlas: { unit: ['tests/features/atlas/*.test.ts'], dom: ['tests/features/atlas/*.test.tsx'] },
  domain: { unit: ['tests/domain/**/*.test.ts'], dom: ['tests/components/**/*.test.tsx'] },
};
const group = groups[process.env.MUTATION_GROUP ?? ''];
if (!group) throw new Error(`MUTATION_GROUP must be one of: ${Object.keys(groups).join(', ')}`);

const projects = (base.test?.projects ?? []).flatMap((project) => {
  if (typeof project !== 'object' || !('test' in project)) return [];
  const config = project as TestProjectInlineConfiguration;
  const name = config.test?.name as string;
  const include = group[name];
  const setupFiles = [config.test?.setupFiles ?? []].flat();
  // the lazily loaded screens imported before the tests (scripts/mutation-eager-imports.ts)
  if (name === 'dom') setupFiles.push('scripts/mutation-eager-imports.ts');
  const test = { ...config.test, include, setupFiles };
  return include ? [{ ...config, test }] : [];
});

// Stryker's Vitest runner reads test results only. A test file that throws while it loads (a mutant
// breaks a schema the file builds in a describe block) has none, so the mutant would count as survived
// although `npm test` fails. Give each such file one failed test carrying the load error.
function loadErrorsFail(): Reporter {
  let vitest: Vitest;
  return {
    onInit(ctx) {
      vitest = ctx;
    },
    onTestRunEnd() {
      for (const file of vitest.state.getFiles()) {
        const errors = file.result?.errors ?? [];
        if (errors.length === 0) continue;
        file.tasks.push({
          type: 'test',
          id: `${file.id}_load`,
          name: 'loads the test file',
          mode: 'run',
          file,
          suite: file,
          meta: {},
          result: { state: 'fail', errors },
        } as unknown as RunnerTestCase);
      }
    },
  };
}

export default defineConfig({
  ...base,
  root: fileURLToPath(new URL('..', import.meta.url)),
  // Stryker runs `--concurrency` of these side by side: each one test file at a time
  test: { ...base.test, maxWorkers: 1, projects, reporters: ['default', loadErrorsFail()] },
});

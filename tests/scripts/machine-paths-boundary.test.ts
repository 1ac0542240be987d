import { describe, expect, it } from 'vitest';
import { lintIn } from '../support/lint-probe';

// biome.json's boundaries of machine-paths/: the registry, the path generator and each flow's samples import
// the machines, src/domain and xstate only (the atlas runs them in the browser; the atlas, the scripts and the
// tests import them, never the other way round), nor the test harness beside the samples in the flow's
// folder, and no machine imports them. Each case lints a module as if it were in the folder
// (tests/support/lint-probe.ts).

describe('the boundary of machine-paths', () => {
  it.each([
    ['React', "import { useState } from 'react';\n\nexport const probe = useState;\n", 'no React'],
    ['the clock', "import { DateTime } from 'luxon';\n\nexport const probe = DateTime;\n", 'reads no clock'],
    ['the database', "import { sql } from 'kysely';\n\nexport const probe = sql;\n", 'does no I/O'],
    [
      'a Node module',
      "import { readFileSync } from 'node:fs';\n\nexport const probe = readFileSync;\n",
      'runs in the browser too',
    ],
    [
      'the atlas that imports it',
      "import { simulate } from '../atlas-engine/simulation';\n\nexport const probe = simulate;\n",
      'never the other way round',
    ],
    [
      'the client library',
      "import { createFlow } from '../src/lib/create-flow';\n\nexport const probe = createFlow;\n",
      'never the other way round',
    ],
    [
      'the tests',
      "import { runPath } from '../tests/support/path-runner';\n\nexport const probe = runPath;\n",
      'never the other way round',
    ],
    [
      "a flow's test harness beside its samples",
      "import type { CartView } from './cart/oracle';\n\nexport type Probe = CartView;\n",
      'the harness imports them',
    ],
  ])('refuses an import of %s', (_, source, message) => {
    const { status, output } = lintIn('machine-paths', source);
    expect(status).not.toBe(0);
    expect(output).toContain('lint/style/noRestrictedImports');
    expect(output).toContain(message);
  });

  it('lets it import the machines, src/domain, xstate/graph and its own modules', () => {
    const { status, output } = lintIn(
      'machine-paths',
      [
        "import { getAdjacencyMap } from 'xstate/graph';",
        "import { cartMachine } from '../machines/cart.machine';",
        "import { messages } from '../src/domain/messages';",
        "import { machines } from './registry';",
        "import { SAMPLE_PACKAGE } from './cart/samples';",
        '',
        'export const probe = [getAdjacencyMap, cartMachine, messages, machines, SAMPLE_PACKAGE];',
        '',
      ].join('\n'),
    );
    expect(output).not.toContain('noRestrictedImports');
    expect(status).toBe(0);
  });

  it('refuses a machine an import of the path scaffolding', () => {
    const { status, output } = lintIn(
      'machines',
      "import { SAMPLE_PACKAGE } from '../machine-paths/cart/samples';\n\nexport const probe = SAMPLE_PACKAGE;\n",
    );
    expect(status).not.toBe(0);
    expect(output).toContain('lint/style/noRestrictedImports');
    expect(output).toContain('A machine imports no path scaffolding');
  });
});

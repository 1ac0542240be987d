import { describe, expect, it } from 'vitest';
import { lintIn } from '../support/lint-probe';

// biome.json's boundary of atlas-engine/ (issue 46): the atlas's graph, layout, drawing, diff, release and
// traffic logic reads no route, calls no API, imports no screen and does no I/O, and only its drawing
// (diagram-svg.tsx) uses React; the panels of src/features/atlas import it, never the other way round. Each
// case lints a module as if it were in the folder (tests/support/lint-probe.ts).

const FORBIDDEN_EVERYWHERE: Array<[string, string, string]> = [
  [
    'the router',
    "import { useNavigate } from '@tanstack/react-router';\n\nexport const probe = useNavigate;\n",
    'reads no route',
  ],
  [
    'the API client',
    "import { ApiFailure } from '../src/lib/api-client';\n\nexport const probe = ApiFailure;\n",
    'calls no API',
  ],
  [
    'the staff API',
    "import { staffGet } from '../src/lib/staff-api';\n\nexport const probe = staffGet;\n",
    'calls no API',
  ],
  [
    'the atlas API, lazily',
    "export const probe = () => import('../src/features/atlas/atlas-api');\n",
    'calls no API',
  ],
  [
    'a panel of the atlas',
    "import { ReleasePanel } from '../src/features/atlas/release-panel';\n\nexport const probe = ReleasePanel;\n",
    'imports no screen',
  ],
  ['the server', "import Fastify from 'fastify';\n\nexport const probe = Fastify;\n", 'does no I/O'],
  ['the database', "import { sql } from 'kysely';\n\nexport const probe = sql;\n", 'does no I/O'],
  [
    'a Node module',
    "import { readFileSync } from 'node:fs';\n\nexport const probe = readFileSync;\n",
    'does no I/O',
  ],
];

const refused = ({ status, output }: { status: number | null; output: string }, message: string) => {
  expect(status).not.toBe(0);
  expect(output).toContain('lint/style/noRestrictedImports');
  expect(output).toContain(message);
};

describe('the boundary of atlas-engine', () => {
  it.each([
    ...FORBIDDEN_EVERYWHERE,
    [
      'React',
      "import { useState } from 'react';\n\nexport const probe = useState;\n",
      'React only in its drawing',
    ],
    [
      'React bindings of XState',
      "import { useMachine } from '@xstate/react';\n\nexport const probe = useMachine;\n",
      'React only in its drawing',
    ],
  ])('refuses an engine module an import of %s', (_, source, message) => {
    refused(lintIn('atlas-engine', source), message);
  });

  it.each(FORBIDDEN_EVERYWHERE)('refuses its drawing an import of %s', (_, source, message) => {
    refused(lintIn('atlas-engine', source, 'diagram-svg.tsx'), message);
  });

  it('lets a module import the machines, machine-paths, src/domain, xstate, ELK and its own modules', () => {
    const { status, output } = lintIn(
      'atlas-engine',
      [
        "import ELK from 'elkjs/lib/elk.bundled.js';",
        "import { setup } from 'xstate';",
        "import { cartMachine } from '../machines/cart.machine';",
        "import { machines } from '../machine-paths/registry';",
        "import { stateString } from '../src/domain/trace';",
        "import { machineGraph } from './machine-graph';",
        '',
        'export const probe = [ELK, setup, cartMachine, machines, stateString, machineGraph];',
        '',
      ].join('\n'),
    );
    expect(output).not.toContain('noRestrictedImports');
    expect(status).toBe(0);
  });

  it('lets its drawing use React', () => {
    const { status, output } = lintIn(
      'atlas-engine',
      "import type { ReactNode } from 'react';\n\nexport const probe = (node: ReactNode) => node;\n",
      'diagram-svg.tsx',
    );
    expect(output).not.toContain('noRestrictedImports');
    expect(status).toBe(0);
  });
});

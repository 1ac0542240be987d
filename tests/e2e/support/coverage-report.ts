import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { machineGraph } from '../../../atlas-engine/machine-graph';
import { flowPaths } from '../../../machine-paths/paths';
import { machines } from '../../../machine-paths/registry';
import type { TestRuns } from '../../../src/domain/api/atlas';

/*
 * A test report for 流量與測試 (the server's TEST_REPORT): every generated path of the cart passed on all
 * three levels but those adding a package (cart.add [hasRoom]), which passed on the machine and in jsdom
 * only, so adding a package is not covered. A visitor who adds one puts it first in the risk list, and the
 * cart's transitions fall in all four groups.
 */

const cart = machines.find((m) => m.id === 'cart')!;
/** Adding a package, `ready —cart.add [hasRoom]→ adding`, as the diagram draws it. */
export const ADD = machineGraph(cart.machine).edges.find(
  (e) => e.eventType === 'cart.add' && e.label === 'cart.add [hasRoom]',
)!;
const paths = flowPaths(cart);
/** The keys of the cart's generated paths. */
export const CART_PATHS = paths.map((p) => p.key);
/** The keys of those that add a package. */
export const ADDING = new Set(paths.filter((p) => p.transitions.includes(ADD.transition)).map((p) => p.key));

export const REPORT_WITHOUT_ADDING: TestRuns = {
  recordedAt: new Date().toISOString(),
  levels: {
    machine: { cart: CART_PATHS },
    jsdom: { cart: CART_PATHS },
    chromium: { cart: CART_PATHS.filter((key) => !ADDING.has(key)) },
  },
};

/** Writes the report into `folder`; answers its file, for TEST_REPORT. */
export function writeReportWithoutAdding(folder: string): string {
  const file = path.join(folder, 'machine-paths.json');
  writeFileSync(file, JSON.stringify(REPORT_WITHOUT_ADDING));
  return file;
}

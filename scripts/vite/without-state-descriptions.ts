import type { Plugin } from 'vite';

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const MACHINE_FILE = /[\\/]machines[\\/][^\\/]+\.machine\.ts$/;

/**
 * The visitors' build without the machines' state descriptions: they are written for the analysts' atlas, a
 * build of its own (vite.analyst.config.ts), and nothing a visitor runs reads them; on every page they cost
 * 0.23 KB gzip of the entry. Each becomes `description: void 0`, as a state without one. Only in `vite build`:
 * tests and the dev server keep them.
 */
export function withoutStateDescriptions(): Plugin {
  return {
    name: 'without-state-descriptions',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      if (!MACHINE_FILE.test(id)) return null;
      const values: Node[] = [];
      visit(this.parse(code) as unknown as Node, (node) => {
        const key = node.key as Node | undefined;
        if (
          node.type === 'Property' &&
          !node.computed &&
          key?.type === 'Identifier' &&
          key.name === 'description'
        )
          values.push(node.value as Node);
      });
      let stripped = code;
      for (const value of values.sort((a, b) => b.start - a.start))
        stripped = `${stripped.slice(0, value.start)}void 0${stripped.slice(value.end)}`;
      return { code: stripped, map: null };
    },
  };
}

function visit(node: Node, each: (node: Node) => void): void {
  each(node);
  for (const child of Object.values(node)) {
    for (const item of Array.isArray(child) ? child : [child]) {
      if (item && typeof item === 'object' && typeof (item as Node).type === 'string')
        visit(item as Node, each);
    }
  }
}

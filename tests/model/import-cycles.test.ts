/**
 * No import circles in `src/`: no module may reach itself again by following its imports. A circle
 * makes the reading order ambiguous (which module explains the other?), makes evaluation order
 * depend on which one is loaded first, and ties the bundle's chunks together.
 *
 * Every edge counts: `import` and `export … from` (type-only ones too: `import type` is erased from
 * the JavaScript but still says that one module is written in terms of the other), `require`, and a
 * dynamic `import('…')` with a literal path (a lazy chunk that imports the module that loads it is
 * still a circle in reading order). To break one, move the shared type or function to the module
 * that owns it, or to a small module that both import (as `src/lms/types.ts`,
 * `src/store/intervention-types.ts`, `src/model/sim/lease-service-types.ts` do).
 *
 * The graph comes from dpdm (its parser is TypeScript 5's, which it installs for itself: the
 * project's TypeScript 7 has no JavaScript API). Not seen by it: a type written as
 * `typeof import('…')`, and a worker's `new URL('./worker.ts', import.meta.url)` (each file of
 * `src/` is read as an entry, so the worker's own imports are).
 */
import { fileURLToPath } from 'node:url';
import { parseCircular, parseDependencyTree, uniqueCirculars, type DependencyTree } from 'dpdm';
import { beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

let tree: DependencyTree;

beforeAll(async () => {
  tree = await parseDependencyTree(['src/**/*.ts', 'src/**/*.tsx'], {
    cwd: ROOT,
    // Paths in the tree relative to the repository, e.g. `src/store/store.ts`.
    context: ROOT,
    tsconfig: 'tsconfig.json',
    // Read the TypeScript as written, so that type-only imports stay edges.
    transform: false,
    skipDynamicImports: false,
  });
});

/** The modules `from` imports (resolved paths), as the tree has them. */
function importsOf(from: string): string[] {
  return (tree[from] ?? []).flatMap((d) => (d.id ? [d.id] : []));
}

describe('import circles in src/', () => {
  it('sees the whole graph, type-only and dynamic imports included', () => {
    const files = Object.keys(tree).filter((f) => f.startsWith('src/'));
    expect(files.length).toBeGreaterThan(200);
    // An `import type`: the settings chunk reads the intervention types.
    expect(importsOf('src/settings/settings.ts')).toContain('src/store/intervention-types.ts');
    // A dynamic `import()`: the store loads the simulator's chunk.
    expect(importsOf('src/store/simulator.ts')).toContain('src/settings/sim-chunk.ts');
    // An `export … from`.
    expect(importsOf('src/store/interventions.ts')).toContain('src/store/intervention-types.ts');
  });

  it('has none (type-only and dynamic imports count)', () => {
    // Each circle once (two imports between the same files, e.g. `import type` and `export type … from`, find it twice).
    const circles = uniqueCirculars(parseCircular(tree, false)).map((c) => [...c, c[0]].join(' -> '));
    expect(
      circles,
      `import circles in src/ (each: a file, the file it imports, ... back to the first):\n${circles.map((c, i) => `  ${i + 1}) ${c}`).join('\n')}\n` +
        'Move the shared type or function to the module that owns it, or to a small module both import.',
    ).toEqual([]);
  });
});

/**
 * The simulator is split into one module per actor (issue 12): no function in it may reach 150
 * lines. Parses the simulator's files with the TypeScript compiler and measures every function-like
 * node (declarations, methods, constructors, accessors, arrow functions and function expressions)
 * from its first to its last line, nested functions included in their parent's length.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAst } from 'rolldown/parseAst';
import { describe, expect, it } from 'vitest';

const MODEL = join(__dirname, '../../src/model');
const FILES = [join(MODEL, 'simulate.ts'), ...readdirSync(join(MODEL, 'sim')).filter((f) => f.endsWith('.ts')).map((f) => join(MODEL, 'sim', f))];

interface Measured {
  file: string;
  name: string;
  lines: number;
}

const FUNCTION_TYPES = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);

function measure(file: string): Measured[] {
  const text = readFileSync(file, 'utf8');
  const lineOf = (offset: number): number => text.slice(0, offset).split('\n').length;
  const out: Measured[] = [];
  const visit = (node: unknown, name: string): void => {
    if (Array.isArray(node)) {
      for (const n of node) visit(n, name);
      return;
    }
    if (node === null || typeof node !== 'object') return;
    const n = node as { type?: string; start?: number; end?: number; id?: { name?: string } | null; key?: { name?: string } };
    // A method's or a variable's name belongs to the function under it.
    const named = n.key?.name ?? (n.type === 'VariableDeclarator' ? n.id?.name : undefined) ?? name;
    if (n.type !== undefined && FUNCTION_TYPES.has(n.type) && n.start !== undefined && n.end !== undefined) {
      const first = lineOf(n.start);
      out.push({ file: file.slice(MODEL.length + 1), name: n.id?.name || named || `<anonymous at line ${first}>`, lines: lineOf(n.end) - first + 1 });
    }
    for (const [k, v] of Object.entries(n)) if (k !== 'type' && typeof v === 'object') visit(v, named);
  };
  visit(parseAst(text, { lang: 'ts' }, file), '');
  return out;
}

describe('simulator size', () => {
  it('measures every function in the simulator and finds none of 150 lines or more', () => {
    const all = FILES.flatMap(measure).sort((a, b) => b.lines - a.lines);
    expect(all.length).toBeGreaterThan(20);
    const largest = all[0]!;
    console.info(`largest simulator function: ${largest.file} ${largest.name}, ${largest.lines} lines`);
    expect(all.filter((f) => f.lines >= 150)).toEqual([]);
    // The measure itself works: `simulate` is found and spans more than a few lines.
    const sim = all.find((f) => f.file === 'simulate.ts' && f.name === 'simulate');
    expect(sim?.lines).toBeGreaterThan(5);
  });
});

/**
 * A small Vite plugin that compiles the app's message catalogues for Lingui at build time.
 *
 * Catalogues stay plain TypeScript modules (`export const en = { 'app.title': 'Fencing Lab', ... }`),
 * so their keys type-check and several people can add keys at once. Their messages are ICU
 * MessageFormat. Lingui's production runtime (`@lingui/core`) has no message parser: it expects
 * compiled messages (`"Hi {name}"` → `["Hi ", ["name"]]`). This plugin does what `lingui compile`
 * and `@lingui/vite-plugin` do for `.po` files: it rewrites each string value of a catalogue module
 * with `compileMessage` from `@lingui/message-utils` (the compiler those tools use), so the parser
 * never reaches the browser. It runs in `vite build`, `vite` (dev) and Vitest alike.
 *
 * A catalogue module may export only object literals whose values are string literals. A message
 * that does not parse fails the build with its file and key. So does the classic ICU trap: in ICU,
 * an apostrophe before `{` quotes it, so `'{value}'` prints a literal `{value}`; write `''{value}''`
 * for quotes around a placeholder (or use typographic quotes).
 * @module
 */
import { compileMessageOrThrow, type CompiledMessage } from '@lingui/message-utils/compileMessage';
import { parseAst, type Plugin } from 'vite';

/** Files treated as catalogues: `src/i18n/messages/*.ts` and any `locales/*.ts` under `src`. */
export const CATALOGUE_FILE = /\/src\/(?:i18n\/messages|(?:.+\/)?locales)\/[\w-]+\.ts$/;

/** Text tokens of a compiled message, at any depth (plural branches included). */
function textTokens(m: CompiledMessage): string[] {
  const out: string[] = [];
  for (const token of m) {
    if (typeof token === 'string') out.push(token);
    else if (token[2] && typeof token[2] === 'object') {
      for (const branch of Object.values(token[2] as Record<string, unknown>)) {
        if (Array.isArray(branch)) out.push(...textTokens(branch as CompiledMessage));
      }
    }
  }
  return out;
}

/**
 * Compiles one ICU message.
 * @throws Error naming `where` if it does not parse, or if a placeholder was quoted away by apostrophes.
 */
export function compileCatalogueMessage(message: string, where: string): CompiledMessage {
  let compiled: CompiledMessage;
  try {
    compiled = compileMessageOrThrow(message);
  } catch (e) {
    throw new Error(`${where}: not a valid ICU message: ${(e as Error).message.split('\n')[0]}`);
  }
  const quoted = textTokens(compiled).find((s) => /\{\w+\}/.test(s));
  if (quoted !== undefined && /'\{\w+\}'/.test(message)) {
    throw new Error(`${where}: an apostrophe before "{" quotes the placeholder in ICU MessageFormat; write ''{name}'' (two apostrophes) or typographic quotes`);
  }
  // Always an array, even for plain text: Lingui's production runtime warns about bare strings
  // ("uncompiled message").
  return compiled;
}

interface Node {
  type: string;
  start: number;
  end: number;
  [k: string]: unknown;
}

function keyOf(p: Node): string | undefined {
  const k = p.key as Node;
  if (k.type === 'Identifier' && !p.computed) return k.name as string;
  if (k.type === 'Literal' && typeof k.value === 'string') return k.value;
  return undefined;
}

function stringOf(v: Node): string | undefined {
  if (v.type === 'Literal' && typeof v.value === 'string') return v.value;
  if (v.type === 'TemplateLiteral' && (v.expressions as unknown[]).length === 0) {
    const q = (v.quasis as { value: { cooked: string } }[])[0];
    return q?.value.cooked;
  }
  return undefined;
}

/**
 * Rewrites the string values of every exported object literal in `code` (JavaScript, after
 * TypeScript is stripped) with their compiled form. Returns `undefined` if nothing changed.
 * @throws Error on a value that is not a string literal, or a message that does not compile.
 */
export function compileCatalogueModule(code: string, file: string): string | undefined {
  const program = parseAst(code) as unknown as { body: Node[] };
  const edits: { start: number; end: number; text: string }[] = [];
  for (const stmt of program.body) {
    if (stmt.type !== 'ExportNamedDeclaration' || !stmt.declaration) continue;
    const decl = stmt.declaration as Node;
    if (decl.type !== 'VariableDeclaration') continue;
    for (const d of decl.declarations as Node[]) {
      const init = d.init as Node | null;
      if (!init || init.type !== 'ObjectExpression') continue;
      for (const p of init.properties as Node[]) {
        const key = p.type === 'Property' ? keyOf(p) : undefined;
        const value = p.type === 'Property' ? stringOf(p.value as Node) : undefined;
        if (key === undefined || value === undefined) {
          throw new Error(`${file}: catalogue entries must be 'key': 'message' with string literals (at offset ${p.start})`);
        }
        const v = p.value as Node;
        edits.push({ start: v.start, end: v.end, text: JSON.stringify(compileCatalogueMessage(value, `${file} "${key}"`)) });
      }
    }
  }
  if (edits.length === 0) return undefined;
  let out = code;
  for (const e of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}

/** The plugin: compiles catalogue modules matching `include` (default {@link CATALOGUE_FILE}). */
export function linguiCatalogues(include: RegExp = CATALOGUE_FILE): Plugin {
  return {
    name: 'fencing-lab:lingui-catalogues',
    // After TypeScript is stripped, so the module is plain JavaScript.
    enforce: 'post',
    transform(code, id) {
      const file = id.split('?')[0]!;
      if (!include.test(file)) return null;
      const out = compileCatalogueModule(code, file.slice(file.lastIndexOf('/src/') + 1));
      return out === undefined ? null : { code: out, map: null };
    },
  };
}

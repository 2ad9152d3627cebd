import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { LAZY_NAMESPACES } from '@/lib/i18n';

// The app renders only the namespaces of the language chunk (locales/<lng>/index.ts) and those a
// route asked for with withTexts (lib/i18n.ts). Unit tests load every namespace up front, so a page
// that uses a feature namespace its route does not load would pass them and show raw keys in the
// browser. This follows the imports from the entry instead: every module that uses a feature
// namespace must be reached only through a withTexts(...) that loads it.

const SRC = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const ENTRY = join(SRC, 'main.tsx');
const lazyNamespaces = new Set<string>(LAZY_NAMESPACES);

function resolveImport(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith('@/')) base = join(SRC, specifier.slice(2));
  else if (specifier.startsWith('.')) base = resolve(dirname(from), specifier);
  else return null; // a package: no texts of ours
  if (/\.(css|svg|png|woff2?)$/.test(base)) return null; // no texts in styles and images
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (/\.(tsx?|json)$/.test(candidate) && existsSync(candidate)) return candidate;
  }
  throw new Error(`${relative(SRC, from)}: cannot resolve ${specifier}`);
}

interface ModuleInfo {
  /** Feature namespaces the module's own code translates with. */
  uses: Set<string>;
  /** Imports loaded with the module (static ones, and lazy ones that inherit its texts). */
  imports: string[];
  /** Lazy imports that bring their own namespaces: [module, namespaces]. */
  withTexts: [string, string[]][];
}

const cache = new Map<string, ModuleInfo>();

function readModule(file: string): ModuleInfo {
  const known = cache.get(file);
  if (known) return known;
  const info: ModuleInfo = { uses: new Set(), imports: [], withTexts: [] };
  cache.set(file, info);
  if (file.endsWith('.json')) return info;
  let source = readFileSync(file, 'utf8');
  // withTexts('ns', () => import('…')) or withTexts(['ns', 'other'], () => import('…')), and the
  // signed-in pages' table (app/signed-in-pages.ts), whose pages the router loads with those texts:
  // pageWithTexts(['ns'], () => import('…')).
  const withTextsCall = /(?:withTexts|pageWithTexts)\(\s*(\[[^\]]*\]|'\w+'),\s*\(\)\s*=>\s*import\('([^']+)'\)\s*\)/g;
  for (const [, namespaces, specifier] of source.matchAll(withTextsCall)) {
    const target = resolveImport(file, specifier);
    if (target) info.withTexts.push([target, [...namespaces.matchAll(/'(\w+)'/g)].map(([, namespace]) => namespace)]);
  }
  source = source
    .replace(withTextsCall, '')
    // Type-only imports load nothing.
    .replace(/^(?:import|export) type [^;]*?\bfrom\s+'[^']+';?/gm, '')
    .replace(/\btypeof import\('[^']+'\)/g, '');
  for (const [, specifier] of source.matchAll(/(?:\bfrom\s+|^import\s+|\bimport\()\s*'([^']+)'/gm)) {
    const target = resolveImport(file, specifier);
    if (target) info.imports.push(target);
  }
  const namespaceUses = [
    /useTranslation\(\s*'(\w+)'/g,
    /useTranslation\(\s*\[\s*'(\w+)'/g,
    /\bns:\s*'(\w+)'/g,
    /\bt\(\s*['`](\w+):/g,
  ];
  for (const pattern of namespaceUses) {
    for (const [, namespace] of source.matchAll(pattern)) if (lazyNamespaces.has(namespace)) info.uses.add(namespace);
  }
  return info;
}

interface Problem {
  module: string;
  namespace: string;
  path: string[];
}

/** Walks from the entry with the namespaces loaded at each point; lists every use of one not loaded. */
function checkLoadedNamespaces(): { problems: Problem[]; used: Set<string> } {
  const problems: Problem[] = [];
  const used = new Set<string>();
  const seen = new Set<string>();
  const queue: { file: string; loaded: Set<string>; path: string[] }[] = [{ file: ENTRY, loaded: new Set(), path: [] }];
  while (queue.length > 0) {
    const { file, loaded, path } = queue.shift()!;
    const key = `${file}|${[...loaded].sort().join(',')}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const info = readModule(file);
    const here = [...path, relative(SRC, file)];
    for (const namespace of info.uses) {
      used.add(namespace);
      if (!loaded.has(namespace)) problems.push({ module: relative(SRC, file), namespace, path: here });
    }
    for (const target of info.imports) queue.push({ file: target, loaded, path: here });
    for (const [target, namespaces] of info.withTexts) queue.push({ file: target, loaded: new Set([...loaded, ...namespaces]), path: here });
  }
  return { problems, used };
}

describe('feature namespaces', () => {
  const { problems, used } = checkLoadedNamespaces();

  it('are loaded (withTexts) on every way to a module that uses them', () => {
    expect(problems.map(({ module, namespace, path }) => `${module} uses '${namespace}', not loaded via ${path.join(' > ')}`)).toEqual([]);
  });

  it('are each used by some module the app reaches (the walk sees them)', () => {
    expect([...used].sort()).toEqual([...LAZY_NAMESPACES].sort());
  });
});

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { describe, it } from 'node:test';
import fg from 'fast-glob';

/**
 * The dependency rule of the repository: the build produces dist/, the server consumes it, and
 * what both need lives in server/contract/. So: server/ never imports build/; build/ reaches into
 * server/ only through server/contract/; and the contract imports neither side.
 */
const ROOT = resolve(import.meta.dirname, '../..');
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** Every relative import of the .ts files under `folder`, as repo-relative target paths. */
function importsOf(folder: string): { file: string; target: string }[] {
  const out: { file: string; target: string }[] = [];
  for (const file of fg.sync(`${folder}/**/*.ts`, { cwd: ROOT })) {
    const text = readFileSync(resolve(ROOT, file), 'utf8');
    for (const m of text.matchAll(IMPORT)) {
      const spec = m[1] ?? m[2];
      if (!spec.startsWith('.')) continue;
      out.push({ file, target: relative(ROOT, resolve(ROOT, dirname(file), spec)) });
    }
  }
  return out;
}

/** Every import cycle among the given edges (Tarjan's strongly connected components), each as its files in order. */
function cycles(edges: { file: string; target: string }[]): string[][] {
  const next = new Map<string, string[]>();
  for (const e of edges) next.set(e.file, [...(next.get(e.file) ?? []), e.target]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const out: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const scc: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      scc.push(w);
    } while (w !== v);
    if (scc.length > 1 || next.get(v)?.includes(v)) out.push(scc.sort());
  };
  for (const v of next.keys()) if (!index.has(v)) visit(v);
  return out;
}

const outside = (edges: { file: string; target: string }[], allowed: (target: string) => boolean) =>
  edges.filter((e) => !allowed(e.target)).map((e) => `${e.file} -> ${e.target}`);

describe('dependency boundary', () => {
  it('finds the imports it checks (the scan itself works)', () => {
    const edges = importsOf('server');
    assert.ok(edges.some((e) => e.file === 'server/app.ts' && e.target === 'server/http/chain.ts'));
    assert.ok(importsOf('build').some((e) => e.target.startsWith('server/contract/')));
  });

  it('server/ never imports build/', () => {
    assert.deepEqual(
      outside(importsOf('server'), (t) => !t.startsWith('build/')),
      [],
    );
  });

  it('build/ imports server/ only through server/contract/', () => {
    assert.deepEqual(
      outside(importsOf('build'), (t) => !t.startsWith('server/') || t.startsWith('server/contract/')),
      [],
    );
  });

  it('server/contract/ imports nothing outside itself (but package.json, the home of the version)', () => {
    assert.deepEqual(
      outside(importsOf('server/contract'), (t) => t.startsWith('server/contract/') || t === 'package.json'),
      [],
    );
  });

  it('server/contract/text/ imports nothing outside itself; api/ never imports snapshot/', () => {
    assert.deepEqual(
      outside(importsOf('server/contract/text'), (t) => t.startsWith('server/contract/text/')),
      [],
    );
    assert.deepEqual(
      outside(importsOf('server/contract/api'), (t) => !t.startsWith('server/contract/snapshot/')),
      [],
    );
  });

  it('there is no import cycle in build/, server/ or test/helpers/', () => {
    assert.deepEqual(cycles([...importsOf('build'), ...importsOf('server'), ...importsOf('test/helpers')]), []);
  });

  it('a cycle would be reported, whatever its length', () => {
    const edge = (file: string, target: string) => ({ file, target });
    assert.deepEqual(cycles([edge('a', 'b'), edge('b', 'c'), edge('c', 'a'), edge('c', 'd')]), [['a', 'b', 'c']]);
    assert.deepEqual(cycles([edge('a', 'b'), edge('b', 'a'), edge('x', 'y')]), [['a', 'b']]);
    assert.deepEqual(cycles([edge('a', 'b'), edge('b', 'c')]), []);
  });

  it('a server file that imported the build would be reported', () => {
    const edges = [{ file: 'server/app.ts', target: 'build/record/vocab-mapping.ts' }];
    assert.deepEqual(
      outside(edges, (t) => !t.startsWith('build/')),
      ['server/app.ts -> build/record/vocab-mapping.ts'],
    );
  });
});

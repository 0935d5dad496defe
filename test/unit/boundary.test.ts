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

  it('server/contract/ imports nothing outside itself', () => {
    assert.deepEqual(
      outside(importsOf('server/contract'), (t) => t.startsWith('server/contract/')),
      [],
    );
  });

  it('a server file that imported the build would be reported', () => {
    const edges = [{ file: 'server/app.ts', target: 'build/record/vocab.ts' }];
    assert.deepEqual(
      outside(edges, (t) => !t.startsWith('build/')),
      ['server/app.ts -> build/record/vocab.ts'],
    );
  });
});

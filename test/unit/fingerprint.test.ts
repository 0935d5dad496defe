import assert from 'node:assert/strict';
import { appendFileSync, cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { codeFiles, inputFingerprint } from '../../build/compile/fingerprint.ts';

const ROOT = resolve(import.meta.dirname, '../..');

describe('input fingerprint', () => {
  it('covers the code the build runs, the contract it imports and its packages, and nothing the server alone runs', async () => {
    const files = (await codeFiles(ROOT)).map((f) => relative(ROOT, f));
    for (const f of [
      'build/build-pipeline.ts',
      'server/contract/api/paths.ts',
      'server/contract/api/version.ts',
      'package.json',
      'node_modules/ajv/dist/ajv.js',
    ]) {
      assert.ok(files.includes(f), f);
    }
    assert.deepEqual(
      files.filter((f) => f.startsWith('server/') && !f.startsWith('server/contract/')),
      [],
    );
    assert.deepEqual(
      files.filter((f) => f.startsWith('test/') || f === 'build/build-cli.ts'),
      [],
    );
  });

  it('changes with a schema, a source file or editorial content, not with a README', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dcs-fp-'));
    const contentDir = join(dir, 'content');
    cpSync(join(ROOT, 'content'), contentDir, { recursive: true });
    const source = join(dir, 'source.tsv');
    writeFileSync(source, 'a\tb\n');
    const fp = () => inputFingerprint({ sourceFiles: [source], dataDir: dir, contentDir, root: ROOT });
    const first = await fp();
    assert.match(first, /^[0-9a-f]{16}$/);
    appendFileSync(join(contentDir, 'advocacy-groups/README.md'), '\nA note.\n');
    assert.equal(await fp(), first);
    appendFileSync(source, 'c\td\n');
    const second = await fp();
    assert.notEqual(second, first);
    writeFileSync(join(contentDir, 'advocacy-groups/example.json'), '{}');
    const third = await fp();
    assert.notEqual(third, second);
    appendFileSync(join(contentDir, 'schemas/problem.schema.json'), '\n');
    assert.notEqual(await fp(), third);
  });
});

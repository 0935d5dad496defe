import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { initJs, publishDocsPage, RENDERER_FILES } from '../../build/docs/docs-page.ts';
import { DOCS_DIR } from '../../server/contract/api/docs-mount.ts';
import { ROUTES } from '../../server/routes/route-table.ts';

describe('publishDocsPage', () => {
  test('writes the page, the renderer and compressed siblings; a second run rewrites nothing and removes stale files', () => {
    const dist = mkdtempSync(join(tmpdir(), 'dcs-docs-'));
    const lines: string[] = [];
    const first = publishDocsPage(dist, (l) => lines.push(l));
    const dir = join(dist, DOCS_DIR);
    assert.equal(first.dir, dir);
    assert.deepEqual([first.written, first.unchanged], [RENDERER_FILES.length + 2, 0]);
    const text = ['index.html', 'init.js', 'swagger-ui-bundle.js', 'swagger-ui.css'];
    assert.deepEqual(
      readdirSync(dir).sort(),
      [...RENDERER_FILES, 'index.html', 'init.js', ...text.flatMap((f) => [`${f}.br`, `${f}.gz`])].sort(),
    );
    for (const f of text) {
      const plain = readFileSync(join(dir, f));
      assert.ok(brotliDecompressSync(readFileSync(join(dir, `${f}.br`))).equals(plain), f);
      assert.ok(gunzipSync(readFileSync(join(dir, `${f}.gz`))).equals(plain), f);
    }
    assert.equal(readFileSync(join(dir, 'init.js'), 'utf8'), initJs());
    assert.match(initJs(), new RegExp(`"url": "${ROUTES.getOpenApi.path}"`));
    assert.match(lines[0], /^docs page: .* \(swagger-ui-dist \d+\.\d+\.\d+\), 9 files written, 0 unchanged/);

    const mtime = statSync(join(dir, 'swagger-ui-bundle.js')).mtimeMs;
    writeFileSync(join(dir, 'stale.js'), 'old');
    const second = publishDocsPage(dist, () => {});
    assert.deepEqual([second.written, second.unchanged], [0, RENDERER_FILES.length + 2]);
    // Unchanged files keep their mtime, so the ETag the server derives from it stays the same.
    assert.equal(statSync(join(dir, 'swagger-ui-bundle.js')).mtimeMs, mtime);
    assert.ok(!readdirSync(dir).includes('stale.js'));
  });
});

import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { PATHS } from '../../server/contract/api/paths.ts';
import { DOCS_DIR, DOCS_PATH } from '../../server/contract/api/docs-mount.ts';

/**
 * The API reference page in dist/docs/: Swagger UI (swagger-ui-dist, copied as published) rendering
 * the served OpenAPI document. Everything the page loads is in that folder or is the API itself, so
 * it works offline and from dist/ alone; its one script of ours is a file (the CSP allows no inline
 * script). Text files get precompressed .br and .gz siblings, which the server picks by Accept-Encoding.
 */

/** Files copied from swagger-ui-dist: the renderer, its stylesheet, icons and licence texts. */
export const RENDERER_FILES = [
  'swagger-ui-bundle.js',
  'swagger-ui.css',
  'favicon-32x32.png',
  'favicon-16x16.png',
  'LICENSE',
  'NOTICE',
  'swagger-ui-bundle.js.LICENSE.txt',
] as const;

const COMPRESSIBLE = /\.(?:js|css|html)$/;

/** The page: the renderer's stylesheet and script, then ours. Asset URLs are absolute under DOCS_PATH. */
export function indexHtml(): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>API reference</title>
<link rel="stylesheet" href="${DOCS_PATH}/swagger-ui.css">
<link rel="icon" type="image/png" href="${DOCS_PATH}/favicon-32x32.png" sizes="32x32">
<link rel="icon" type="image/png" href="${DOCS_PATH}/favicon-16x16.png" sizes="16x16">
</head>
<body>
<noscript>This page needs JavaScript. The OpenAPI document it renders is at <a href="${PATHS.openapi}">${PATHS.openapi}</a>.</noscript>
<div id="swagger-ui"></div>
<script src="${DOCS_PATH}/swagger-ui-bundle.js"></script>
<script src="${DOCS_PATH}/init.js"></script>
</body>
</html>
`;
}

/**
 * Swagger UI's settings. BaseLayout has no URL bar and queryConfigEnabled stays off, so the page only
 * ever renders this service's document; validatorUrl null keeps the badge from calling the online
 * validator. The page title follows the document's.
 */
export function initJs(): string {
  const config = {
    url: PATHS.openapi,
    dom_id: '#swagger-ui',
    layout: 'BaseLayout',
    deepLinking: true,
    displayOperationId: true,
    displayRequestDuration: true,
    filter: true,
    validatorUrl: null,
    queryConfigEnabled: false,
  };
  return `// Written by the build (build/docs/docs-page.ts); do not edit.
'use strict';
window.ui = SwaggerUIBundle(Object.assign(${JSON.stringify(config, null, 2)}, {
  presets: [SwaggerUIBundle.presets.apis],
  onComplete: function () {
    var title = window.ui.specSelectors.info().get('title');
    if (title) document.title = title + ' - API reference';
  },
}));
`;
}

/** Where swagger-ui-dist is installed, or null when it is not (a bundled build on a box without node_modules). */
function rendererDir(): string | null {
  try {
    return dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
  } catch {
    return null;
  }
}

/** Write `bytes` to `file` through a temporary name, so a server never reads half a file. */
function writeAtomic(file: string, bytes: Buffer): void {
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, bytes);
  renameSync(tmp, file);
}

export interface DocsPageResult {
  dir: string;
  written: number;
  unchanged: number;
  bytes: number;
  compressedBytes: number;
  version: string | null;
}

/**
 * Write the page into `<dist>/docs/`: files whose bytes are unchanged are left alone (their ETag,
 * made from size and mtime, stays the same), stale files are removed. Without swagger-ui-dist an
 * existing page is kept as it is; with neither, the build says so and the server answers 404.
 */
export function publishDocsPage(dist: string, log: (line: string) => void): DocsPageResult {
  const dir = join(dist, DOCS_DIR);
  const from = rendererDir();
  const result: DocsPageResult = { dir, written: 0, unchanged: 0, bytes: 0, compressedBytes: 0, version: null };
  if (!from) {
    log(
      existsSync(join(dir, 'index.html'))
        ? `docs page: swagger-ui-dist is not installed; keeping ${dir} as it is`
        : `docs page: not written, swagger-ui-dist is not installed (npm ci); ${DOCS_PATH} will answer 404`,
    );
    return result;
  }
  result.version = (JSON.parse(readFileSync(join(from, 'package.json'), 'utf8')) as { version: string }).version;
  const files = new Map<string, Buffer>([
    ['index.html', Buffer.from(indexHtml())],
    ['init.js', Buffer.from(initJs())],
    ...RENDERER_FILES.map((f): [string, Buffer] => [f, readFileSync(join(from, f))]),
  ]);
  mkdirSync(dir, { recursive: true });
  const keep = new Set<string>();
  for (const [name, bytes] of files) {
    const target = join(dir, name);
    const variants = COMPRESSIBLE.test(name) ? [`${name}.br`, `${name}.gz`] : [];
    for (const f of [name, ...variants]) keep.add(f);
    result.bytes += bytes.length;
    const same = existsSync(target) && readFileSync(target).equals(bytes) && variants.every((v) => existsSync(join(dir, v)));
    if (same) {
      result.unchanged++;
      for (const v of variants) if (v.endsWith('.br')) result.compressedBytes += readFileSync(join(dir, v)).length;
      continue;
    }
    if (variants.length > 0) {
      // Compressed once per change of the file, so the slowest, smallest brotli setting pays off.
      const br = brotliCompressSync(bytes, {
        params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
      });
      writeAtomic(join(dir, `${name}.br`), br);
      writeAtomic(join(dir, `${name}.gz`), gzipSync(bytes, { level: 9 }));
      result.compressedBytes += br.length;
    }
    writeAtomic(target, bytes);
    result.written++;
  }
  for (const f of readdirSync(dir)) if (!keep.has(f)) rmSync(join(dir, f), { force: true });
  log(
    `docs page: ${dir} (swagger-ui-dist ${result.version}), ${result.written} files written, ${result.unchanged} unchanged; ${(result.bytes / 1e6).toFixed(2)} MB, ${(result.compressedBytes / 1e3).toFixed(0)} kB as brotli for the compressible ones`,
  );
  return result;
}

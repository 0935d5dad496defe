// @ts-check
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildCodeDigest } from './code-digest.mjs';
import { BUNDLE_RECORD, bundleState, bundleTable, fileHash } from './bundle-state.mjs';

// Packages written as CommonJS call require(); an ES module has none, so each bundle makes one.
const REQUIRE_SHIM =
  "import { createRequire as __dcsCreateRequire } from 'node:module';\nconst require = __dcsCreateRequire(import.meta.url);";

/**
 * Left out of every bundle: esbuild, loaded only from source (the fingerprint's code closure, the
 * bundler itself); supports-color, which debug (under ioredis) tries in a try/catch and which is
 * installed only with the dev dependencies, so a bundle made with them would differ from one made
 * after `npm ci --omit=dev`, and a production checkout would see it as stale.
 */
const EXTERNAL = ['esbuild', 'supports-color'];

/**
 * The oldest Node the bundles must run on: the first version in package.json's engines
 * (`^20.11.0 || ...` -> node20.11), so the supported lines are written once.
 * @param {string} root
 */
export function nodeTarget(root) {
  const range = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).engines?.node ?? '';
  const m = /(\d+)(?:\.(\d+))?/.exec(range);
  if (!m) throw new Error(`package.json: engines.node "${range}" names no Node version`);
  return `node${m[1]}${m[2] ? `.${m[2]}` : ''}`;
}

/**
 * Bundle the server, the build and the keys CLI (server/contract/snapshot/bundles.json) into `dist` as ES
 * modules for Node, every package included: `node dist/server.mjs` needs no node_modules. The
 * build bundle carries the digest of the build's code (code-digest.mjs), so it fingerprints its
 * inputs exactly as the build from source does. A bundle whose bytes did not change is not
 * rewritten; a changed one replaces the old by rename (a running server keeps the code it loaded).
 * `bundle.json` records every input's hash, for bundleState().
 * @param {{ root: string, dist: string, sourcemap?: boolean, force?: boolean, log?: (line: string) => void }} o
 * @returns {Promise<{ written: string[], sizes: Record<string, number>, skipped: boolean }>}
 */
export async function bundle(o) {
  const log = o.log ?? (() => {});
  if (!o.force && !o.sourcemap && bundleState(o.root, o.dist).fresh) {
    const record = JSON.parse(readFileSync(join(o.dist, BUNDLE_RECORD), 'utf8'));
    if (!record.sourcemap)
      return {
        written: [],
        sizes: Object.fromEntries(Object.entries(record.outputs).map(([f, v]) => [f, /** @type {any} */ (v).bytes])),
        skipped: true,
      };
  }
  const { build, version } = await import('esbuild');
  const target = nodeTarget(o.root);
  const digest = await buildCodeDigest(o.root);
  mkdirSync(o.dist, { recursive: true });
  /** @type {Record<string, string | null>} */
  const inputs = {};
  /** @type {Record<string, { entry: string, bytes: number, hash: string | null }>} */
  const outputs = {};
  const written = [];
  for (const [file, entry] of Object.entries(bundleTable(o.root))) {
    const result = await build({
      entryPoints: [join(o.root, entry)],
      outfile: join(o.dist, file),
      write: false,
      metafile: true,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target,
      absWorkingDir: o.root,
      logLevel: 'warning',
      banner: { js: REQUIRE_SHIM },
      define: { __BUILD_CODE_DIGEST__: JSON.stringify(digest) },
      external: EXTERNAL,
      sourcemap: o.sourcemap ? 'linked' : false,
    });
    for (const rel of Object.keys(result.metafile.inputs)) inputs[rel] = fileHash(join(o.root, rel));
    for (const out of result.outputFiles) {
      if (existsSync(out.path) && readFileSync(out.path).equals(out.contents)) continue;
      const tmp = `${out.path}.${process.pid}.tmp`;
      writeFileSync(tmp, out.contents);
      renameSync(tmp, out.path);
      written.push(basename(out.path));
    }
    if (!o.sourcemap) rmSync(join(o.dist, `${file}.map`), { force: true });
    const bytes = result.outputFiles.find((f) => f.path === join(o.dist, file))?.contents.length ?? 0;
    outputs[file] = { entry, bytes, hash: fileHash(join(o.dist, file)) };
  }
  // The bundler's own code and settings are inputs too: changing them makes new bundles.
  const here = fileURLToPath(new URL('.', import.meta.url));
  for (const f of ['bundle.mjs', 'bundle-state.mjs', 'code-digest.mjs']) inputs[relative(o.root, join(here, f))] = fileHash(join(here, f));
  for (const f of ['package.json', 'server/contract/snapshot/bundles.json']) inputs[f] = fileHash(join(o.root, f));
  const record = {
    esbuild: version,
    target,
    sourcemap: Boolean(o.sourcemap),
    buildCodeDigest: digest,
    outputs,
    inputs: Object.fromEntries(Object.entries(inputs).sort(([a], [b]) => (a < b ? -1 : 1))),
  };
  writeFileSync(join(o.dist, BUNDLE_RECORD), `${JSON.stringify(record, null, 1)}\n`);
  log(
    `bundled ${Object.entries(outputs)
      .map(([f, v]) => `${f} ${(v.bytes / 1024).toFixed(0)} KB`)
      .join(', ')} (${target}, esbuild ${version}) into ${o.dist}${written.length ? '' : '; bytes unchanged'}`,
  );
  return { written, sizes: Object.fromEntries(Object.entries(outputs).map(([f, v]) => [f, v.bytes])), skipped: false };
}

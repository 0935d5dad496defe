// @ts-check
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/**
 * The build's code as it runs from source: the import closure of build/build-pipeline.ts as esbuild
 * resolves it (local modules, the contract and the packages they use), as absolute paths.
 * Plain JavaScript, so the bundler can run it without tsx; esbuild is a dev dependency, loaded
 * only here.
 * @param {string} root the checkout
 * @returns {Promise<string[]>}
 */
export async function buildCodeFiles(root) {
  const { build } = await import('esbuild');
  const result = await build({
    entryPoints: [join(root, 'build/build-pipeline.ts')],
    bundle: true,
    write: false,
    platform: 'node',
    format: 'esm',
    metafile: true,
    logLevel: 'silent',
    absWorkingDir: root,
  });
  return Object.keys(result.metafile.inputs).map((f) => join(root, f));
}

/**
 * One digest of the build's code (names relative to the checkout, and bytes). The input
 * fingerprint takes it from here when the build runs from source; the bundler computes it the
 * same way and writes it into dist/build.mjs, so a bundled build of the same code and inputs has
 * the same fingerprint as a build from source and does not rebuild.
 * @param {string} root the checkout
 * @returns {Promise<string>}
 */
export async function buildCodeDigest(root) {
  const h = createHash('sha256');
  for (const f of (await buildCodeFiles(root)).sort()) h.update(relative(root, f)).update('\0').update(readFileSync(f)).update('\0');
  return h.digest('hex');
}

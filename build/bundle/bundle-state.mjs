// @ts-check
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The record of a bundle run, beside the bundles: what went in (with hashes) and what came out. */
export const BUNDLE_RECORD = 'bundle.json';

/**
 * The bundles to write, file name -> entry point, from server/contract/snapshot/bundles.json (the one
 * list: the server reads it too, to find the bundled build).
 * @param {string} root the checkout
 * @returns {Record<string, string>}
 */
export function bundleTable(root) {
  return JSON.parse(readFileSync(join(root, 'server/contract/snapshot/bundles.json'), 'utf8')).bundles;
}

/**
 * Short content hash of a file, or null when it cannot be read.
 * @param {string} path
 */
export function fileHash(path) {
  try {
    return createHash('sha256').update(readFileSync(path)).digest('hex').slice(0, 16);
  } catch {
    return null;
  }
}

/**
 * Whether the bundles in `dist` were made from the code now in the checkout: every bundle is
 * there and every input the bundler recorded (sources, packages, the bundler itself) still has
 * the bytes it had. Reading a few hundred files takes tens of milliseconds, so `npm start` checks
 * every time; a change to server code is never served from an old bundle.
 * @param {string} root the checkout
 * @param {string} dist the folder that holds (or will hold) the bundles
 * @returns {{ fresh: true } | { fresh: false, missing: boolean, reason: string }}
 */
export function bundleState(root, dist) {
  const files = Object.keys(bundleTable(root));
  const absent = files.filter((f) => !existsSync(join(dist, f)));
  if (absent.length) return { fresh: false, missing: true, reason: `${absent.join(', ')} not found in ${dist}` };
  let record;
  try {
    record = JSON.parse(readFileSync(join(dist, BUNDLE_RECORD), 'utf8'));
  } catch {
    return { fresh: false, missing: false, reason: `${join(dist, BUNDLE_RECORD)} not readable` };
  }
  for (const [rel, hash] of Object.entries(record.inputs ?? {})) {
    if (fileHash(join(root, rel)) !== hash) return { fresh: false, missing: false, reason: `${rel} changed since the bundle was made` };
  }
  for (const f of files) {
    if (fileHash(join(dist, f)) !== record.outputs?.[f]?.hash)
      return { fresh: false, missing: false, reason: `${f} is not the bundle ${BUNDLE_RECORD} describes` };
  }
  return { fresh: true };
}

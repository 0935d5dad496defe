#!/usr/bin/env node
// @ts-check
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { bundleState, bundleTable } from './bundle-state.mjs';

/**
 * `npm start` and `npm run keys`: run a bundle from dist/ with plain node (`launch.mjs server` or
 * `launch.mjs keys ...args`). Before that, the bundles are checked against the checkout: missing or
 * made from other code, they are bundled again when esbuild (a dev dependency) is installed; a
 * stale bundle without esbuild (`npm ci --omit=dev` on a checkout that differs from the one that
 * made dist/) is run as it is, with a warning; a missing one without esbuild stops with the
 * command to run. Neither tsx nor esbuild is loaded when the bundles are current. The bundles are
 * the checkout's dist/; the server they start serves the DIST_DIR setting's snapshot (read by the
 * server's settings module, like every setting).
 */
const ENTRIES = { server: 'server/main.ts', keys: 'server/keys/cli.ts' };
const root = resolve(import.meta.dirname, '../..');
const dist = resolve(root, 'dist');
const [what, ...args] = process.argv.slice(2);
const entry = ENTRIES[/** @type {keyof typeof ENTRIES} */ (what)];
const file = Object.entries(bundleTable(root)).find(([, e]) => e === entry)?.[0];
if (!entry || !file) {
  process.stderr.write(`usage: node build/bundle/launch.mjs ${Object.keys(ENTRIES).join('|')} [args]\n`);
  process.exit(2);
}
const say = (/** @type {string} */ line) => process.stderr.write(`${line}\n`);
const state = bundleState(root, dist);
if (!state.fresh) {
  let bundler = null;
  let esbuild = null;
  try {
    bundler = await import('./bundle.mjs');
    esbuild = await import('esbuild');
  } catch {
    bundler = null;
  }
  if (bundler && esbuild) {
    say(`bundling first: ${state.reason}`);
    await bundler.bundle({ root, dist, log: say });
    // esbuild's service process would otherwise live on beside the server.
    esbuild.stop();
  } else if (state.missing) {
    say(
      `cannot start: ${state.reason}, and esbuild (a dev dependency) is not installed to make it. Run \`npm ci && npm run build\` here, or copy a dist/ built elsewhere (with the same checkout) into ${dist}.`,
    );
    process.exit(1);
  } else {
    say(`warning: the bundle in ${dist} was not made from this checkout (${state.reason}); esbuild is not installed, so it runs as it is`);
  }
}
// The bundle runs in this process, as if started directly: `node dist/server.mjs` (node:cluster
// forks workers from process.argv[1]).
const bundlePath = join(dist, /** @type {string} */ (file));
process.argv.splice(1, process.argv.length - 1, bundlePath, ...args);
await import(pathToFileURL(bundlePath).href);

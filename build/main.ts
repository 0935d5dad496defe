import { resolve } from 'node:path';
import { runBuild } from './run-build.ts';
import { IngestError } from './ingest/types.ts';

/**
 * `npm run build [-- --force]`: compile the snapshot from DATA_DIR (default ../shared/data/raw)
 * into DIST_DIR (default dist). Exit 0 when published or already current, 1 on a tier-1 failure.
 */
const root = resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
try {
  const summary = await runBuild({
    root,
    dataDir: resolve(root, process.env.DATA_DIR ?? '../shared/data/raw'),
    contentDir: resolve(root, 'content'),
    dist: resolve(root, process.env.DIST_DIR ?? 'dist'),
    force: args.includes('--force'),
    log: (line) => process.stdout.write(line + '\n'),
  });
  process.exitCode = summary.ok ? 0 : 1;
} catch (err) {
  if (err instanceof IngestError) {
    process.stderr.write(`build failed (tier 1): ${err.message}\nThe previous snapshot, if any, is still the one served.\n`);
    process.exitCode = 1;
  } else throw err;
}

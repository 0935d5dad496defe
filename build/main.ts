import { resolve } from 'node:path';
import { runBuild } from './run-build.ts';
import { IngestError } from './ingest/types.ts';

/**
 * `npm run build [-- --force]`: compile the snapshot from DATA_DIR (default ../shared/data/raw)
 * into DIST_DIR (default dist), keeping HISTORY_KEEP releases (default all). Exit 0 when
 * published or already current, 1 on a tier-1 failure or a bad setting.
 */
const root = resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const keep = process.env.HISTORY_KEEP;
if (keep !== undefined && keep !== '' && keep !== 'all' && !/^[1-9]\d{0,8}$/.test(keep)) {
  process.stderr.write(`build failed: HISTORY_KEEP must be a whole number of releases (at least 1) or "all", got "${keep}"\n`);
  process.exit(1);
}
try {
  const summary = await runBuild({
    root,
    dataDir: resolve(root, process.env.DATA_DIR ?? '../shared/data/raw'),
    contentDir: resolve(root, 'content'),
    dist: resolve(root, process.env.DIST_DIR ?? 'dist'),
    force: args.includes('--force'),
    historyKeep: keep === undefined || keep === '' || keep === 'all' ? null : Number(keep),
    log: (line) => process.stdout.write(line + '\n'),
  });
  process.exitCode = summary.ok ? 0 : 1;
} catch (err) {
  if (err instanceof IngestError) {
    process.stderr.write(`build failed (tier 1): ${err.message}\nThe previous snapshot, if any, is still the one served.\n`);
    process.exitCode = 1;
  } else throw err;
}

import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { fetchSources } from './fetch-sources.ts';
import { describeSummary } from './report.ts';
import { readBuildSettings } from '../build-settings.ts';

/**
 * `npm run fetch [-- --source NAME[,NAME]] [--due] [--mirror URL]`: download what is new into
 * DATA_DIR (build/fetch/settings.ts). Exit 0 when every file is current, 1 when any failed.
 */
const root = resolve(import.meta.dirname, '../..');
const { values } = parseArgs({
  options: { source: { type: 'string', multiple: true }, due: { type: 'boolean', default: false }, mirror: { type: 'string' } },
});
try {
  const summary = await fetchSources({
    dataDir: readBuildSettings().dataDir,
    contentDir: resolve(root, 'content'),
    sources: values.source?.flatMap((s) => s.split(',')).filter(Boolean),
    due: values.due,
    mirror: values.mirror,
  });
  for (const line of describeSummary(summary)) process.stdout.write(`${line}\n`);
  process.exitCode = summary.failed.length > 0 ? 1 : 0;
} catch (err) {
  process.stderr.write(`fetch failed: ${(err as Error).message}\n`);
  process.exitCode = 1;
}

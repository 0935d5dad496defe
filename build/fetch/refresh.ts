import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { readCurrent } from '../compile/publish.ts';
import { runBuild } from '../build-pipeline.ts';
import { SNAPSHOT_FILES } from '../../server/contract/snapshot/route-map.ts';
import { fetchSources, type FetchOptions } from './fetch-sources.ts';
import { describeSummary } from './report.ts';
import { readBuildSettings } from '../build-settings.ts';

export interface RefreshOptions extends FetchOptions {
  root: string;
  dist: string;
  /** HISTORY_KEEP: releases the build keeps; null keeps all. */
  historyKeep?: number | null;
  log: (line: string) => void;
}

/**
 * Fetch, then build and publish only if an input changed. A failed fetch builds nothing (a mix
 * of new and stale files is not a release); nothing new with a published snapshot builds nothing;
 * otherwise the build runs, and it too stops early when its input fingerprint is unchanged.
 */
export async function refresh(o: RefreshOptions): Promise<{ ok: boolean; built: boolean; snapshot: string | null }> {
  const summary = await fetchSources(o);
  for (const line of describeSummary(summary)) o.log(line);
  if (summary.failed.length > 0) {
    o.log('refresh stopped: a download failed, so no build; the published snapshot stays.');
    return { ok: false, built: false, snapshot: null };
  }
  const published = readCurrent<{ snapshot: string }>(o.dist, SNAPSHOT_FILES.manifest);
  if (summary.changed.length === 0 && published) {
    o.log(`No input changed: snapshot ${published.snapshot} stays published; no build.`);
    return { ok: true, built: false, snapshot: published.snapshot };
  }
  const result = await runBuild({
    root: o.root,
    dataDir: o.dataDir,
    contentDir: o.contentDir,
    dist: o.dist,
    force: false,
    historyKeep: o.historyKeep ?? null,
    log: o.log,
  });
  return { ok: result.ok, built: !result.upToDate, snapshot: result.snapshot };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = resolve(import.meta.dirname, '../..');
  const { values } = parseArgs({
    options: { source: { type: 'string', multiple: true }, due: { type: 'boolean', default: false }, mirror: { type: 'string' } },
  });
  try {
    const settings = readBuildSettings();
    const r = await refresh({
      root,
      dataDir: settings.dataDir,
      contentDir: resolve(root, 'content'),
      dist: settings.distDir,
      historyKeep: settings.historyKeep,
      sources: values.source?.flatMap((s) => s.split(',')).filter(Boolean),
      due: values.due,
      mirror: values.mirror,
      log: (l) => process.stdout.write(`${l}\n`),
    });
    process.exitCode = r.ok ? 0 : 1;
  } catch (err) {
    process.stderr.write(`refresh failed: ${(err as Error).message}\n`);
    process.exitCode = 1;
  }
}

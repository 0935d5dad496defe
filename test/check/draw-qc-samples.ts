import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { seededSample } from '../../build/record/designation-stats.ts';
import { readBuildSettings } from '../../build/build-settings.ts';
import { SNAPSHOT_FILES } from '../../server/contract/snapshot/route-map.ts';
import { readPackedSync } from '../../server/contract/snapshot/packs.ts';
import { readSnapshotJson, snapshotPacks } from '../../server/contract/snapshot/snapshot-docs.ts';

/**
 * Draws the samples of the blinded reading (content/qc/clinical-summary-rubric.md and
 * content/qc/drug-link-rubric.md) from the published snapshot, reproducibly:
 *   node --import tsx test/check/draw-qc-samples.ts records --seed 32 [--well-known 2] [--out content/qc/records-sample.tsv]
 *   node --import tsx test/check/draw-qc-samples.ts records --seed 20261206 --well-known 0 --count 20 --pool plain
 *   node --import tsx test/check/draw-qc-samples.ts links --seed 3232 [--pool plain] [--out content/qc/drug-links-sample.tsv]
 * `records`: the ten well-known diseases of a list of content/qc/well-known.json (`--well-known 2`: the second;
 * `0`: no list, and none left out of the draw; `none`: no list, every list left out), then `--count` (10) records drawn
 * at random (seeded, among rare diseases with a definition; `--pool editorial` or `plain`: only those with or without
 * editorial content; `--without-editorial` is `--pool plain`) from the served records in Mondo id order, leaving out
 * every well-known list up to the chosen one. `links`: 100
 * (disease, designation) pairs drawn at random from every record's orphan drug list, ordered by FDA
 * page then Mondo id, each with its relation label and the words that decided it, and empty verdict
 * columns for the reader. DIST_DIR as for the build. Prints the TSV unless --out is given.
 */

/** The well-known lists of the readings, by number (content/qc/well-known.json, their one home). */
const WELL_KNOWN_LISTS: Record<string, string[]> = Object.fromEntries(
  Object.entries(
    (
      JSON.parse(readFileSync(join(import.meta.dirname, '../../content/qc/well-known.json'), 'utf8')) as {
        lists: Record<string, [string, string][]>;
      }
    ).lists,
  ).map(([n, list]) => [n, list.map(([id]) => id)]),
);

/** Which records the random draw takes: any, those with editorial content, or those without. */
const POOLS = { any: () => true, editorial: (r: any) => r.expert !== undefined, plain: (r: any) => r.expert === undefined } as const;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    seed: { type: 'string' },
    out: { type: 'string' },
    count: { type: 'string' },
    'well-known': { type: 'string' },
    pool: { type: 'string' },
    'without-editorial': { type: 'boolean' },
  },
});
const kind = positionals[0];
const listNumber = values['well-known'] ?? '1';
const pool = POOLS[(values.pool ?? (values['without-editorial'] ? 'plain' : 'any')) as keyof typeof POOLS];
if (
  (kind !== 'records' && kind !== 'links') ||
  values.seed === undefined ||
  !/^\d+$/.test(values.seed) ||
  (WELL_KNOWN_LISTS[listNumber] === undefined && listNumber !== 'none' && listNumber !== '0') ||
  pool === undefined
) {
  process.stderr.write(
    'usage: draw-qc-samples.ts records|links --seed N [--well-known 0|1|2|3|none] [--pool any|editorial|plain] [--without-editorial] [--count N] [--out file.tsv]\n',
  );
  process.exit(2);
}
const seed = Number(values.seed);

const { distDir } = readBuildSettings();
const current = join(distDir, 'current');
const manifest = readSnapshotJson<{ entries: Record<string, [string]> }>(current, SNAPSHOT_FILES.manifest);
const packs = snapshotPacks(distDir, current);
const record = (id: string): any => JSON.parse(readPackedSync(packs, manifest.entries[id][0]).toString('utf8')).data;
const ids = Object.keys(manifest.entries)
  .filter((k) => /^MONDO:\d{7}$/.test(k))
  .sort();
const clean = (t: string | null | undefined) => (t ?? '').replace(/[\t\n]+/g, ' ');
const lines: string[] = [];

if (kind === 'records') {
  const count = Number(values.count ?? 10);
  const wellKnown = WELL_KNOWN_LISTS[listNumber] ?? [];
  // Leaving out only the lists up to the chosen one keeps every earlier draw (list 1, seed 32) as it was;
  // `none` leaves out every list, `0` none.
  const upTo = listNumber === 'none' ? Number.POSITIVE_INFINITY : Number(listNumber);
  const leftOut = new Set(Object.entries(WELL_KNOWN_LISTS).flatMap(([n, list]) => (Number(n) <= upTo ? list : [])));
  const drawn = ids.filter((id) => {
    const r = record(id);
    return r?.sections && r.isRare && r.definition !== null && !leftOut.has(id) && pool(r);
  });
  const group = listNumber === '1' ? 'well-known' : `well-known ${listNumber}`;
  if (wellKnown.some((id) => !pool(record(id))))
    process.stderr.write('note: some well-known diseases are outside the pool; --well-known 0 or none draws only from the pool\n');
  lines.push(['n', 'group', 'mondo_id', 'name', 'grade', 'criticism'].join('\t'));
  wellKnown.forEach((id, i) => void lines.push([i + 1, group, id, record(id).name, '', ''].join('\t')));
  seededSample(drawn, count, seed).forEach(
    (id, i) => void lines.push([wellKnown.length + i + 1, `random (seed ${seed})`, id, record(id).name, '', ''].join('\t')),
  );
} else {
  const count = Number(values.count ?? 100);
  const links: { id: string; name: string; d: any }[] = [];
  for (const id of ids) {
    const r = record(id);
    if (!r?.orphanDrugs || !pool(r)) continue;
    for (const d of r.orphanDrugs) links.push({ id, name: r.name, d });
  }
  links.sort((a, b) => (a.d.fdaUrl ?? '').localeCompare(b.d.fdaUrl ?? '') || a.id.localeCompare(b.id));
  lines.push(
    [
      'n',
      'fda_key',
      'generic_name',
      'designation',
      'approved_indications',
      'status',
      'mondo_id',
      'disease',
      'relation',
      'covers',
      'approval_covers',
      'decided_by',
      'links',
      'verdict',
      'reasoning',
    ].join('\t'),
  );
  seededSample(links, count, seed).forEach(({ id, name, d }, i) => {
    const indications = [...new Set(d.approvals.map((a: { indication: string | null }) => a.indication).filter(Boolean))];
    const own = d.links.find((l: { relation: string }) => l.relation === d.relation) ?? d.links[0];
    lines.push(
      [
        i + 1,
        d.fdaUrl?.replace(/.*cfgridkey=/, '') ?? '',
        clean(d.genericName),
        clean(d.designation),
        clean(indications.join(' | ')),
        d.status,
        id,
        name,
        d.relation,
        d.covers ?? '',
        d.approvalCovers ?? '',
        clean(own.decidedBy),
        d.links
          .map((l: { field: string; method: string; matchedText: string }) => `${l.field}:${l.method}:${clean(l.matchedText)}`)
          .join(' | '),
        '',
        '',
      ].join('\t'),
    );
  });
}
const tsv = `${lines.join('\n')}\n`;
if (values.out) writeFileSync(values.out, tsv);
else process.stdout.write(tsv);

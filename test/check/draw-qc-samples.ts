import { existsSync, writeFileSync } from 'node:fs';
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
 *   node --import tsx test/check/draw-qc-samples.ts records --seed 20261206 --well-known 0 --count 20 --without-editorial
 *   node --import tsx test/check/draw-qc-samples.ts links --seed 3232 [--without-editorial] [--out content/qc/drug-links-sample.tsv]
 * `records`: the ten well-known diseases of the rubric (`--well-known 2`: the second list; `0`: none), then `--count` (10) records
 * drawn at random (seeded, among rare diseases with a definition) from the served records in Mondo id order, leaving out every
 * well-known list up to the chosen one. `--without-editorial` leaves out records with editorial content (a file
 * content/editorial/MONDO_<digits>.json, or an editorial source in the record's metadata). `links`: 100
 * (disease, designation) pairs drawn at random from every record's orphan drug list, ordered by FDA
 * page then Mondo id, each with its relation label and the words that decided it, and empty verdict
 * columns for the reader. DIST_DIR as for the build. Prints the TSV unless --out is given.
 */

/** The well-known diseases of the first reading: ten textbook rare diseases across organ systems (named in the rubric). */
export const WELL_KNOWN = [
  'MONDO:0009061', // cystic fibrosis
  'MONDO:0010679', // Duchenne muscular dystrophy
  'MONDO:0007947', // Marfan syndrome
  'MONDO:0018975', // neurofibromatosis type 1
  'MONDO:0009861', // phenylketonuria
  'MONDO:0007739', // Huntington disease
  'MONDO:0011382', // sickle cell disease
  'MONDO:0010602', // hemophilia A
  'MONDO:0018150', // Gaucher disease
  'MONDO:0018997', // Noonan syndrome
];

/** A second list of ten, for a reading after the composition was changed on the first (`--well-known 2`). */
export const WELL_KNOWN_2 = [
  'MONDO:0010526', // Fabry disease
  'MONDO:0009290', // glycogen storage disease II
  'MONDO:0001734', // tuberous sclerosis
  'MONDO:0010726', // Rett syndrome
  'MONDO:0001516', // spinal muscular atrophy
  'MONDO:0008300', // Prader-Willi syndrome
  'MONDO:0010383', // fragile X syndrome
  'MONDO:0010100', // Tay-Sachs disease
  'MONDO:0019180', // hereditary hemorrhagic telangiectasia
  'MONDO:0007037', // achondroplasia
];

/** The well-known lists by number; the random draw leaves out the chosen list and every list before it (`0`: no list). */
const WELL_KNOWN_LISTS: Record<string, string[]> = { '0': [], '1': WELL_KNOWN, '2': WELL_KNOWN_2 };

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    seed: { type: 'string' },
    out: { type: 'string' },
    count: { type: 'string' },
    'well-known': { type: 'string' },
    'without-editorial': { type: 'boolean' },
  },
});
const kind = positionals[0];
const listNumber = values['well-known'] ?? '1';
if (
  (kind !== 'records' && kind !== 'links') ||
  values.seed === undefined ||
  !/^\d+$/.test(values.seed) ||
  WELL_KNOWN_LISTS[listNumber] === undefined
) {
  process.stderr.write(
    'usage: draw-qc-samples.ts records|links --seed N [--well-known 0|1|2] [--count N] [--without-editorial] [--out file.tsv]\n',
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
/** A record with editorial (expert) content: its curated file, or an editorial source its metadata names. */
const editorial = (id: string, r: any): boolean =>
  existsSync(join('content/editorial', `${id.replace(':', '_')}.json`)) ||
  (r?.metadata?.sources ?? []).some((s: { source: string }) => s.source === 'editorial');
const keep = (id: string, r: any) => !values['without-editorial'] || !editorial(id, r);
const lines: string[] = [];

if (kind === 'records') {
  const count = Number(values.count ?? 10);
  const wellKnown = WELL_KNOWN_LISTS[listNumber];
  // Leaving out only the lists up to the chosen one keeps every earlier draw (list 1, seed 32) as it was.
  const leftOut = new Set(Object.entries(WELL_KNOWN_LISTS).flatMap(([n, list]) => (Number(n) <= Number(listNumber) ? list : [])));
  const pool = ids.filter((id) => {
    const r = record(id);
    return r?.sections && r.isRare && r.definition !== null && !leftOut.has(id) && keep(id, r);
  });
  const group = listNumber === '1' ? 'well-known' : `well-known ${listNumber}`;
  if (values['without-editorial'] && wellKnown.some((id) => editorial(id, record(id))))
    process.stderr.write('note: some well-known diseases have editorial content; --well-known 0 draws only records without it\n');
  lines.push(['n', 'group', 'mondo_id', 'name', 'grade', 'criticism'].join('\t'));
  wellKnown.forEach((id, i) => void lines.push([i + 1, group, id, record(id).name, '', ''].join('\t')));
  seededSample(pool, count, seed).forEach(
    (id, i) => void lines.push([wellKnown.length + i + 1, `random (seed ${seed})`, id, record(id).name, '', ''].join('\t')),
  );
} else {
  const count = Number(values.count ?? 100);
  const links: { id: string; name: string; d: any }[] = [];
  for (const id of ids) {
    const r = record(id);
    if (!r?.orphanDrugs || !keep(id, r)) continue;
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

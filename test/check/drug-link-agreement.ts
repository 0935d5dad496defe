import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readBuildSettings } from '../../build/build-settings.ts';
import { SNAPSHOT_FILES } from '../../server/contract/snapshot/route-map.ts';
import { readPackedSync } from '../../server/contract/snapshot/packs.ts';
import { readSnapshotJson, snapshotPacks } from '../../server/contract/snapshot/snapshot-docs.ts';

/**
 * Re-judges a read drug-link sample by the relations a snapshot gives now (DIST_DIR, default dist):
 *   node --import tsx test/check/drug-link-agreement.ts [content/qc/drug-links-verdicts-2026-11-27.tsv]
 * The reader's verdicts are the truth (content/qc/drug-link-rubric.md): prints the verdict against the
 * relation the snapshot gives each (FDA page, disease) pair, the agreement, the share of pairs shown as
 * `exact` that the reader judged RIGHT, and every pair whose relation differs from the one read.
 */
const file = process.argv[2] ?? 'content/qc/drug-links-verdicts-2026-11-27.tsv';
const { distDir } = readBuildSettings();
const current = join(distDir, 'current');
const manifest = readSnapshotJson<{ entries: Record<string, [string]> }>(current, SNAPSHOT_FILES.manifest);
const packs = snapshotPacks(distDir, current);
const record = (id: string) => JSON.parse(readPackedSync(packs, manifest.entries[id][0]).toString('utf8')).data;

const [head, ...rows] = readFileSync(file, 'utf8').trimEnd().split('\n');
const col = Object.fromEntries(head.split('\t').map((c, i) => [c, i]));
const RELATION_OF: Record<string, string> = { RIGHT: 'exact', BROADER: 'broader', NARROWER: 'narrower', COMPLICATION: 'complication' };
const RELATIONS = ['exact', 'broader', 'narrower', 'complication', '(not listed)'];
const table = new Map<string, Map<string, number>>();
let agree = 0;
let exact = 0;
let exactRight = 0;
const changed: string[] = [];
for (const line of rows) {
  const cells = line.split('\t');
  const [n, key, id, verdict, read] = ['n', 'fda_key', 'mondo_id', 'verdict', 'relation'].map((c) => cells[col[c]]);
  const entry = manifest.entries[id]
    ? (record(id).orphanDrugs ?? []).find((d: { fdaUrl: string | null }) => d.fdaUrl?.endsWith(`cfgridkey=${key}`))
    : undefined;
  const relation: string = entry?.relation ?? '(not listed)';
  const row = table.get(verdict) ?? table.set(verdict, new Map()).get(verdict)!;
  row.set(relation, (row.get(relation) ?? 0) + 1);
  if (RELATION_OF[verdict] === relation) agree++;
  if (relation === 'exact') {
    exact++;
    if (verdict === 'RIGHT') exactRight++;
  }
  if (relation !== read) {
    const by = entry?.links.find((l: { relation: string }) => l.relation === relation)?.decidedBy ?? '';
    changed.push(`- row ${n} (${verdict}): ${read} -> ${relation}${by ? ` ("${by}")` : ''}`);
  }
}
const lines = [
  `snapshot ${current}, sample ${file}`,
  '',
  `| | ${RELATIONS.join(' | ')} | total |`,
  `|---|${RELATIONS.map(() => '---|').join('')}---|`,
  ...['RIGHT', 'BROADER', 'NARROWER', 'COMPLICATION', 'WRONG'].map((v) => {
    const row = table.get(v) ?? new Map<string, number>();
    return `| ${v} | ${RELATIONS.map((r) => row.get(r) ?? 0).join(' | ')} | ${[...row.values()].reduce((a, b) => a + b, 0)} |`;
  }),
  '',
  `agreement ${agree} of ${rows.length}; shown as exact ${exact}, of them RIGHT ${exactRight} (${((100 * exactRight) / exact).toFixed(1)} %), WRONG ${table.get('WRONG')?.get('exact') ?? 0}`,
  '',
  'relations that differ from the one read:',
  ...changed,
];
process.stdout.write(`${lines.join('\n')}\n`);

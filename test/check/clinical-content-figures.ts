import { join } from 'node:path';
import { readBuildSettings } from '../../build/build-settings.ts';
import { SNAPSHOT_FILES } from '../../server/contract/snapshot/route-map.ts';
import { readPackedSync } from '../../server/contract/snapshot/packs.ts';
import { readSnapshotJson, snapshotPacks } from '../../server/contract/snapshot/snapshot-docs.ts';

/**
 * The mechanical figures of issue 32 over a published snapshot's record bodies (DIST_DIR, default
 * dist; any snapshot, before or after the change):
 *   node --import tsx test/check/clinical-content-figures.ts [MONDO:... ...]
 * Drug links per method and relation, approved entries by what their approvals cover, approved products with more than one approval date whose
 * first date the prose gives, records with a replacement character in prose, repaired FDA texts,
 * and the first five hallmarks (else phenotypes) of the diseases named on the command line.
 */
const { distDir } = readBuildSettings();
const current = join(distDir, 'current');
const manifest = readSnapshotJson<{ entries: Record<string, [string]> }>(current, SNAPSHOT_FILES.manifest);
const packs = snapshotPacks(distDir, current);

const bump = (m: Record<string, number>, k: string) => void (m[k] = (m[k] ?? 0) + 1);
const byMethod: Record<string, number> = {};
const byRelation: Record<string, number> = {};
const byMethodRelation: Record<string, number> = {};
const byApprovalCover: Record<string, number> = {};
let entries = 0;
let multiDate = 0;
let firstGiven = 0;
let replacement = 0;
let repaired = 0;
let records = 0;
const named = new Map<string, string[]>();
const wanted = new Set(process.argv.slice(2));

for (const [key, [hash]] of Object.entries(manifest.entries)) {
  if (!/^MONDO:\d{7}$/.test(key)) continue;
  const r = JSON.parse(readPackedSync(packs, hash).toString('utf8')).data;
  if (!r?.sections) continue;
  records++;
  const prose = Object.values(r.sections as Record<string, { paragraphs: string[] }>)
    .flatMap((s) => s.paragraphs)
    .join('\n');
  if (/[\uFFFD¿]/.test(prose)) replacement++;
  const products = new Map<string, Set<string>>();
  for (const d of r.orphanDrugs) {
    entries++;
    const method = d.link.method;
    const relation = d.relation ?? '(none)';
    bump(byMethod, method);
    bump(byRelation, relation);
    bump(byMethodRelation, `${method} / ${relation}`);
    if ((d.textRepairs ?? []).length > 0) repaired++;
    if (d.status !== 'approved') continue;
    bump(byApprovalCover, d.approvalCovers ?? '(no approvalCovers: before 1.6.0)');
    const name = `${d.genericName}\u0000${d.tradeName ?? ''}`.toLowerCase();
    const dates = products.get(name) ?? products.set(name, new Set()).get(name)!;
    for (const a of d.approvals) if (a.date) dates.add(a.date);
    if (d.marketingApprovalDate) dates.add(d.marketingApprovalDate);
  }
  for (const dates of products.values()) {
    if (dates.size < 2) continue;
    multiDate++;
    if (prose.includes([...dates].sort()[0])) firstGiven++;
  }
  if (wanted.has(key)) {
    const hallmarks = r.computed.hallmarks as { label: string; score: number }[] | undefined;
    named.set(
      `${r.name} (${key})`,
      hallmarks
        ? hallmarks.slice(0, 6).map((h) => `${h.label} ${h.score}`)
        : r.phenotypes
            .filter((p: { negated: boolean }) => !p.negated)
            .slice(0, 5)
            .map((p: { label: string }) => p.label),
    );
  }
}

const out = {
  snapshot: current,
  records,
  'designation entries (disease, designation)': entries,
  'entries by method of the first link': byMethod,
  'entries by relation': byRelation,
  'entries by method and relation': byMethodRelation,
  'approved entries by what their approvals cover': byApprovalCover,
  'entries with a repaired FDA text': repaired,
  'approved products (per record) with more than one approval date': multiDate,
  '... whose first approval date the prose gives': firstGiven,
  'records with a replacement character in prose': replacement,
  'first features (hallmarks with score, else the phenotype list)': Object.fromEntries(named),
};
process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);

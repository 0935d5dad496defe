import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { readHpoOntology } from '../../build/ingest/hpo-ontology.ts';
import { readBuildSettings } from '../../build/build-settings.ts';
import { SNAPSHOT_FILES } from '../../server/contract/snapshot/route-map.ts';
import { readPackedSync } from '../../server/contract/snapshot/packs.ts';
import { readSnapshotJson, snapshotPacks } from '../../server/contract/snapshot/snapshot-docs.ts';

/**
 * Leave-one-out cross-validation of HALLMARK_RULE's constants (build/record/hallmarks.ts) over the
 * textbook hallmarks of test/check/hallmark-textbook.json (29 diseases, hallmarks as HPO ids: a feature
 * counts when it is the term or below it). Reads the phenotypes and definitions of a published snapshot:
 *   node --import tsx test/check/hallmark-cv.ts            (the grid and the leave-one-out recall at 5)
 *   node --import tsx test/check/hallmark-cv.ts show '{"P0":0.7,"wd":0.5,"wa":0.5,"g":1}'
 * Measured on the snapshot of 782e8cb (before issue 32): see test/build/results/2026-11-27-clinical-content.md.
 */
const { distDir, dataDir } = readBuildSettings();
function opener(dist: string) {
  const cur = join(dist, 'current');
  const manifest = readSnapshotJson<{ entries: Record<string, [string]> }>(cur, SNAPSHOT_FILES.manifest);
  const packs = snapshotPacks(dist, cur);
  return { get: (key: string): any => JSON.parse(readPackedSync(packs, manifest.entries[key][0]).toString('utf8')) };
}
const hpo = readHpoOntology(join(dataDir, 'hpo/hp_2023-01-27.json.gz'));
const children = new Map<string, string[]>();
for (const t of hpo.terms.values()) for (const p of t.parents) (children.get(p) ?? children.set(p, []).get(p)!).push(t.id);
const memo = new Map<string, Set<string>>();
function d(id: string): Set<string> {
  let s = memo.get(id);
  if (s) return s;
  s = new Set();
  for (const c of children.get(id) ?? []) {
    s.add(c);
    for (const x of d(c)) s.add(x);
  }
  memo.set(id, s);
  return s;
}
const N = d('HP:0000118').size + 1;
const ic = (id: string) => Math.max(0, 1 - Math.log(d(id).size + 1) / Math.log(N));
const anc = new Map<string, Set<string>>();
function a(id: string): Set<string> {
  let s = anc.get(id);
  if (s) return s;
  s = new Set();
  for (const p of hpo.terms.get(id)?.parents ?? []) {
    s.add(p);
    for (const x of a(p)) s.add(x);
  }
  anc.set(id, s);
  return s;
}
const norm = (t: string) =>
  ' ' +
  t
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .split(' ')
    .filter(Boolean)
    .map((w) => (w.length > 3 ? w.replace(/(es|s)$/, '') : w))
    .join(' ') +
  ' ';
function inDef(id: string, def: string): boolean {
  for (const x of [id, ...a(id)]) {
    if (x === 'HP:0000118' || ic(x) < 0.4) continue;
    const t = hpo.terms.get(x);
    if (!t) continue;
    for (const n of [t.label, ...t.synonyms]) {
      const k = norm(n);
      if (k.length > 5 && def.includes(k)) return true;
    }
  }
  return false;
}
const GOLD: Record<string, string[]> = JSON.parse(readFileSync(join(import.meta.dirname, 'hallmark-textbook.json'), 'utf8'));
const o = opener(distDir);
const recs = Object.keys(GOLD).map((id) => o.get(id).data);
type P = { P0: number; wd: number; wa: number; g: number; lab: boolean };
const feat = new Map<any, any[]>();
function features(r: any) {
  let f: any[] | undefined = feat.get(r);
  if (f) return f;
  const def = norm(r.definition?.text ?? '');
  f = r.phenotypes
    .filter((x: any) => !x.negated)
    .map((x: any) => {
      const fr = x.frequency;
      const rel = ['count', 'percent', 'band'].includes(x.frequencyBasis);
      const F = rel ? (fr.percent ?? (fr.range[0] + fr.range[1]) / 2) / 100 : null;
      const kinds = new Set(x.sources.map((s: any) => (s.source === 'orphanet' || s.diseaseId.startsWith('ORPHA') ? 'O' : 'M')));
      return { id: x.hpoId, label: x.label, F, S0: ic(x.hpoId), D: inDef(x.hpoId, def) ? 1 : 0, A: kinds.size > 1 ? 1 : 0 };
    });
  feat.set(r, f!);
  return f!;
}
function top(r: any, p: P, k = 5) {
  const rows = features(r)
    .map((x: any) => {
      const F = x.F ?? p.P0;
      const S = x.S0 ** p.g;
      return { ...x, F, S, score: (S * (F + p.wd * x.D + p.wa * x.A)) / (1 + p.wd + p.wa) };
    })
    .sort((x: any, y: any) => y.score - x.score || (x.id < y.id ? -1 : 1));
  const chosen: any[] = [];
  for (const x of rows) {
    if (chosen.length >= k) break;
    if (chosen.some((c) => a(c.id).has(x.id))) continue;
    const i = chosen.findIndex((c) => a(x.id).has(c.id));
    if (i >= 0) {
      chosen[i] = x;
      continue;
    }
    chosen.push(x);
  }
  return chosen;
}
const hitsOf = (r: any, p: P) => {
  const t = top(r, p);
  const g = GOLD[r.id].filter((h) => r.phenotypes.some((x: any) => !x.negated && (x.hpoId === h || a(x.hpoId).has(h))));
  const got = g.filter((h) => t.some((x) => x.id === h || a(x.id).has(h)));
  return { n: g.length, got: got.length, any: g.length ? (got.length > 0 ? 1 : 0) : null };
};
const grid: P[] = [];
for (const P0 of [0.3, 0.5, 0.7])
  for (const wd of [0, 0.25, 0.5, 1, 2])
    for (const wa of [0, 0.25, 0.5, 1]) for (const g of [1, 2, 4, 8]) grid.push({ P0, wd, wa, g, lab: false });
const score = (rs: any[], p: P) => {
  let s = 0;
  for (const r of rs) {
    const h = hitsOf(r, p);
    if (h.n) s += h.got / h.n;
  }
  return s;
};
if (process.argv[2] === 'show') {
  const p = JSON.parse(process.argv[3]);
  for (const r of recs) {
    const h = hitsOf(r, p);
    console.log(`${r.name}: ${h.got}/${h.n}`);
    for (const x of top(r, p, 7)) console.log(`   ${x.score.toFixed(3)} F${x.F.toFixed(2)} S${x.S.toFixed(2)} D${x.D} A${x.A} ${x.label}`);
  }
  process.exit(0);
}
// LOO
let tot = 0,
  totAny = 0,
  cnt = 0;
const chosen = new Map<string, number>();
for (let i = 0; i < recs.length; i++) {
  const train = recs.filter((_, j) => j !== i);
  let best = grid[0],
    bs = -1;
  for (const p of grid) {
    const s = score(train, p);
    if (s > bs) {
      bs = s;
      best = p;
    }
  }
  chosen.set(JSON.stringify(best), (chosen.get(JSON.stringify(best)) ?? 0) + 1);
  const h = hitsOf(recs[i], best);
  if (h.n) {
    tot += h.got / h.n;
    totAny += h.any!;
    cnt++;
  }
}
console.log('LOO mean recall@5', (tot / cnt).toFixed(3), 'any@5', (totAny / cnt).toFixed(3), cnt);
console.log(chosen);
let best = grid[0],
  bs = -1;
for (const p of grid) {
  const s = score(recs, p);
  if (s > bs) {
    bs = s;
    best = p;
  }
}
console.log('all-data best', best, (bs / recs.length).toFixed(3));
for (const p of [{ P0: 0.5, wd: 0, wa: 0, g: 1, lab: false }]) console.log('baseline', p, (score(recs, p) / recs.length).toFixed(3));

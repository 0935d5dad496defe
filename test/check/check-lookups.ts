import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { readBuildSettings } from '../../build/build-settings.ts';
import { bearer, call } from '../helpers/http.ts';
import { makeKeys } from '../helpers/keys.ts';
import { startServer } from '../helpers/server-process.ts';
import { rawCausalGenes, rawGenes, rawMappings, rawObsoletes, rawParents } from './raw-truth.ts';

/**
 * `npm run check:lookups [-- --seed=N --n=200]`: the must-show figures of issue 19, measured on
 * random samples of the raw releases (seeded; the seed is printed, and a new one is drawn each run
 * unless given) against the real server over the published snapshot (build it first). Nothing
 * here is fixed by a test: each run samples anew.
 */

const { values } = parseArgs({ options: { seed: { type: 'string' }, n: { type: 'string', default: '200' } } });
const seed = values.seed === undefined ? Date.now() % 2 ** 31 : Number(values.seed);
const N = Number(values.n);
const settings = readBuildSettings();

/** mulberry32: a small seeded generator, enough for sampling. */
function rng(s: number): () => number {
  return () => {
    s = (s + 0x6d2b79f5) | 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const random = rng(seed);
function sample<T>(items: readonly T[], n: number): T[] {
  const a = [...items];
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a.slice(0, n);
}

const made = makeKeys([{ tier: 'enterprise', name: 'check' }]);
const dir = mkdtempSync(join(tmpdir(), 'dcs-check-'));
const server = await startServer({
  DIST_DIR: settings.distDir,
  KEYS_FILE: made.file,
  QUOTA_STATE_FILE: join(dir, 'quota.json'),
  LOG_LEVEL: 'warn',
});
const get = (path: string) => call(server.url, path, { headers: bearer(made.keys.check) });
const figures: [string, number, number, string][] = [];
const report = (what: string, ok: number, of: number, note = '') => {
  figures.push([what, ok, of, note]);
  console.log(`${what}: ${ok}/${of} = ${of ? ((100 * ok) / of).toFixed(1) : '-'} %${note ? ` (${note})` : ''}`);
};

try {
  console.log(`seed ${seed}, ${N} per sample, snapshot ${settings.distDir}`);
  const served = new Set<string>();
  for (let offset = 0; ; offset += 100) {
    const page = (await get(`/api/v1/diseases?limit=100&offset=${offset}`)).json();
    for (const d of page.data) served.add(d.id);
    if (!page.pagination.hasMore) break;
  }
  const obsolete = rawObsoletes(settings.dataDir);
  const current = (id: string) => (served.has(id) ? id : obsolete.get(id) && served.has(obsolete.get(id)!) ? obsolete.get(id)! : null);
  const mappings = rawMappings(settings.dataDir);

  // 1. xref lookup finds the exact-match Mondo disease (GARD has only plain cross-references).
  const systems: [string, string, string][] = [
    ['OMIM', 'OMIM:', 'skos:exactMatch'],
    ['ORPHA', 'Orphanet:', 'skos:exactMatch'],
    ['ICD-10-CM', 'ICD10CM:', 'skos:exactMatch'],
    ['MeSH', 'mesh:', 'skos:exactMatch'],
    ['GARD', 'GARD:', 'oboInOwl:hasDbXref'],
  ];
  const spell: Record<string, string> = { OMIM: 'OMIM', ORPHA: 'ORPHA', 'ICD-10-CM': 'ICD10CM', MeSH: 'MESH', GARD: 'GARD' };
  // Every row of the system is sampled: one whose Mondo class is served (or replaced by a served
  // one) is found when that disease is listed; one whose class is obsolete without a served
  // replacement when the class is listed under `obsolete`. Both figures are printed.
  for (const [name, prefix, predicate] of systems) {
    const rows = mappings.filter((m) => m.object.startsWith(prefix) && m.predicate === predicate);
    let ok = 0;
    let okServed = 0;
    let servedRows = 0;
    const picked = sample(rows, N);
    for (const m of picked) {
      const code = `${spell[name]}:${m.object.slice(prefix.length)}`;
      const r = await get(`/api/v1/xrefs/${encodeURIComponent(code)}`);
      const want = current(m.subject);
      const data = r.status === 200 ? r.json().data : null;
      if (want) servedRows++;
      const found = want
        ? data?.diseases.some((d: { id: string }) => d.id === want)
        : data?.obsolete.some((d: { id: string }) => d.id === m.subject);
      if (found) ok++;
      if (found && want) okServed++;
    }
    const kind = predicate === 'skos:exactMatch' ? 'exact-match' : 'cross-referenced';
    report(`xref ${name} -> its ${kind} disease (class served)`, okServed, servedRows);
    const stranded = picked.length - servedRows;
    report(
      `xref ${name} -> its ${kind} class, served or listed obsolete`,
      ok,
      picked.length,
      `${stranded} sampled rows name an obsolete class without a served replacement`,
    );
  }

  // 2. search by an OMIM id ranks its disease first.
  {
    const rows = mappings.filter((m) => m.object.startsWith('OMIM:') && m.predicate === 'skos:exactMatch' && current(m.subject));
    const exact = new Map<string, Set<string>>();
    for (const m of rows) (exact.get(m.object) ?? exact.set(m.object, new Set()).get(m.object)!).add(current(m.subject)!);
    let ok = 0;
    const picked = sample([...exact.keys()], N);
    for (const code of picked) {
      const r = await get(`/api/v1/diseases/search?q=${encodeURIComponent(code)}&limit=1`);
      if (r.status === 200 && exact.get(code)!.has(r.json().data[0]?.id)) ok++;
    }
    report('search q=OMIM:n ranks its exact-match disease first', ok, picked.length);
  }

  // 3. id forms redirect.
  {
    let ok = 0;
    const picked = sample([...served], Math.min(N, 50));
    for (const id of picked) {
      const digits = id.slice(6);
      for (const form of [`mondo:${digits}`, `MONDO_${digits}`, encodeURIComponent(`http://purl.obolibrary.org/obo/MONDO_${digits}`)]) {
        const r = await get(`/api/v1/diseases/${form}/summary?x=1`);
        if (r.status === 308 && r.headers.location === `/api/v1/diseases/${id}/summary?x=1`) ok++;
      }
    }
    report('id forms (lower-case, underscore, OBO PURL) 308 to the canonical path', ok, picked.length * 3);
  }

  // 4. ancestors include the grandparents, descendants the grandchildren (raw is_a edges, all served).
  {
    const parents = rawParents(settings.dataDir);
    const children = new Map<string, string[]>();
    for (const [c, ps] of parents) for (const p of ps) (children.get(p) ?? children.set(p, []).get(p)!).push(c);
    const up: [string, string][] = [];
    const down: [string, string][] = [];
    for (const [d, ps] of parents) {
      if (!served.has(d)) continue;
      for (const p of ps) if (served.has(p)) for (const g of parents.get(p) ?? []) if (served.has(g)) up.push([d, g]);
    }
    for (const [d, cs] of children) {
      if (!served.has(d)) continue;
      for (const c of cs) if (served.has(c)) for (const g of children.get(c) ?? []) if (served.has(g)) down.push([d, g]);
    }
    // Items come by distance, then id: paging stops after the last item at distance 2.
    const within2 = async (path: string) => {
      const ids = new Set<string>();
      for (let offset = 0; ; offset += 100) {
        const page = (await get(`${path}?limit=100&offset=${offset}`)).json();
        for (const d of page.data as { id: string; distance: number }[]) if (d.distance <= 2) ids.add(d.id);
        if (!page.pagination.hasMore || page.data.at(-1).distance > 2) return ids;
      }
    };
    let ok = 0;
    const pickedUp = sample(up, N);
    for (const [d, g] of pickedUp) if ((await within2(`/api/v1/diseases/${d}/ancestors`)).has(g)) ok++;
    report('ancestors include the grandparent', ok, pickedUp.length, 'within distance 2');
    ok = 0;
    const pickedDown = sample(down, N);
    for (const [d, g] of pickedDown) if ((await within2(`/api/v1/diseases/${d}/descendants`)).has(g)) ok++;
    report('descendants include the grandchild', ok, pickedDown.length, 'within distance 2');
  }

  // 5. genes list the diseases with that causal gene; previous symbols resolve.
  {
    const genes = rawGenes(settings.dataDir).filter((g) => g.status === 'Approved');
    const byId = new Map(genes.map((g) => [g.hgncId, g]));
    const pairs = rawCausalGenes(settings.dataDir).filter((p) => served.has(p.mondoId) && byId.has(p.hgncId));
    let ok = 0;
    const picked = sample(pairs, N);
    for (const p of picked) {
      const r = await get(`/api/v1/genes/${encodeURIComponent(byId.get(p.hgncId)!.symbol)}`);
      if (r.status === 200 && r.json().data.diseases.some((d: { id: string }) => d.id === p.mondoId)) ok++;
    }
    report('/genes/{symbol} lists the disease of a causal gene', ok, picked.length);
    const currentSymbols = new Set(genes.map((g) => g.symbol.toUpperCase()));
    const prev = genes.flatMap((g) => g.previous.filter((s) => !currentSymbols.has(s.toUpperCase())).map((s) => [s, g.symbol] as const));
    ok = 0;
    const pickedPrev = sample(prev, N);
    for (const [old, now] of pickedPrev) {
      const r = await get(`/api/v1/genes/${encodeURIComponent(old)}`);
      if (r.status === 308 && r.headers.location === `/api/v1/genes/${encodeURIComponent(now)}`) ok++;
    }
    report('previous symbols 308 to the current symbol', ok, pickedPrev.length, 'a previous symbol of several genes names none');
  }

  // 6. fields=id,name returns exactly those keys.
  {
    let ok = 0;
    const picked = sample([...served], Math.min(N, 50));
    for (const id of picked) {
      const r = await get(`/api/v1/diseases/${id}?fields=id,name`);
      if (r.status === 200 && JSON.stringify(Object.keys(r.json().data)) === '["id","name"]') ok++;
    }
    report('fields=id,name returns exactly id and name', ok, picked.length);
  }

  // 7. the JSON Lines dump has one line per listed record and answers 304 to its ETag.
  {
    const list = await get('/api/v1/releases/latest/downloads');
    if (list.status !== 200) report('records.jsonl.gz: listed', 0, 1, `downloads answered ${list.status}`);
    else {
      const f = list.json().data.files.find((x: { name: string }) => x.name === 'records.jsonl.gz');
      const r = await get(f.links.self);
      const ids = gunzipSync(r.body)
        .toString('utf8')
        .trimEnd()
        .split('\n')
        .map((l) => (JSON.parse(l) as { id: string }).id);
      const same = ids.length === served.size && ids.every((id) => served.has(id));
      report('records.jsonl.gz has one line per listed record', same ? 1 : 0, 1, `${ids.length} lines, ${served.size} listed`);
      const again = await call(server.url, f.links.self, { headers: { ...bearer(made.keys.check), 'If-None-Match': f.etag } });
      report('records.jsonl.gz answers 304 to its ETag', again.status === 304 ? 1 : 0, 1);
    }
  }
} finally {
  await server.stop();
}

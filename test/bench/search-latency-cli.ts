import { existsSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildSearchIndex } from '../../build/compile/search-index-build.ts';
import { SearchEngine } from '../../server/search/engine.ts';
import type { SearchParams } from '../../server/search/search-types.ts';
import type { ListingRow } from '../../server/contract/snapshot/listing-row.ts';
import { syntheticRows } from '../fixtures/search/synthetic-rows.ts';
import { diseaseFilter, type FilterValues } from '../../server/routes/disease-filters.ts';

/** A filter as the routes compile it (these use no gene or hierarchy filter). */
const filterOf = (v: Partial<FilterValues>) =>
  diseaseFilter(v, { isCurrent: () => true, descendants: () => new Set<string>(), diseasesWithGene: () => [] });

/**
 * Search micro-benchmark (a script, not a test): `npx tsx test/bench/search-latency-cli.ts [listing.json]`.
 * Uses dist/current/listing.json when present, synthetic rows otherwise, and reports index size, load
 * time and per-query p50/p99 in-process for each query family.
 */

const DEFAULTS: Omit<SearchParams, 'q'> = {
  filter: null,
  sort: { field: 'relevance', direction: 'desc' },
  limit: 20,
  offset: 0,
  highlight: true,
  facets: false,
};

/** Milliseconds since `start`. */
function since(start: bigint): number {
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/**
 * Time `iterations` rounds over `queries` (strings get default params: relevance, limit 20,
 * highlight on) after one warm-up round; returns the p50 and p99 latency of one call, in ms.
 */
export function benchSearch(engine: SearchEngine, queries: (string | SearchParams)[], iterations: number): { p50: number; p99: number } {
  const params = queries.map((q) => (typeof q === 'string' ? { ...DEFAULTS, q } : q));
  for (const p of params) engine.search(p);
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) {
    for (const p of params) {
      const start = process.hrtime.bigint();
      engine.search(p);
      times.push(since(start));
    }
  }
  times.sort((a, b) => a - b);
  const at = (q: number): number => Math.round(times[Math.min(times.length - 1, Math.floor(q * times.length))] * 1000) / 1000;
  return { p50: at(0.5), p99: at(0.99) };
}

/** Rows of a listing file: a bare array, or an object holding it under `rows` or `items`. */
function readRows(file: string): ListingRow[] {
  const doc = JSON.parse(readFileSync(file, 'utf8'));
  return Array.isArray(doc) ? doc : (doc.rows ?? doc.items);
}

/** One typo (swap, drop or change a letter) in the longest word, as a user would make it. */
function misspell(text: string, n: number): string {
  const words = text.split(' ');
  const i = words.reduce((best, w, k) => (w.length > words[best].length ? k : best), 0);
  const w = words[i];
  const at = 1 + (n % Math.max(1, w.length - 2));
  words[i] =
    n % 3 === 0
      ? w.slice(0, at) + w[at + 1] + w[at] + w.slice(at + 2)
      : n % 3 === 1
        ? w.slice(0, at) + w.slice(at + 1)
        : `${w.slice(0, at)}e${w.slice(at + 1)}`;
  return words.join(' ');
}

/** Query families drawn from the rows themselves, so real and synthetic data are benchmarked alike. */
export function queryFamilies(rows: ListingRow[]): Record<string, (string | SearchParams)[]> {
  const sample = Array.from({ length: 200 }, (_, i) => rows[(i * 7919) % rows.length]);
  const words = sample.map((r) =>
    r.name
      .toLowerCase()
      .split(/[\s,-]+/)
      .filter((w) => w.length > 0),
  );
  const genes = rows
    .filter((r) => r.genes.length > 0)
    .slice(0, 100)
    .map((r) => r.genes[0]);
  return {
    'one word': words.map((w) => w[0]),
    'two words': words.filter((w) => w.length >= 2).map((w) => w.slice(0, 2).join(' ')),
    'three words': words.filter((w) => w.length >= 3).map((w) => w.slice(0, 3).join(' ')),
    'four words': words.filter((w) => w.length >= 4).map((w) => w.slice(0, 4).join(' ')),
    'five words': words.filter((w) => w.length >= 5).map((w) => w.slice(0, 5).join(' ')),
    'two words, last partial': words.filter((w) => w.length >= 2).map((w) => `${w[0]} ${w[1].slice(0, 3)}`),
    misspelling: words.filter((w) => w.slice(0, 2).some((x) => x.length >= 5)).map((w, n) => misspell(w.slice(0, 2).join(' '), n)),
    'gene symbol': genes.map((g) => g.toLowerCase()),
    'common words': ['syndrome', 'disease', 'type 1', 'deficiency', 'congenital'],
    'facets + filters': words
      .slice(0, 50)
      .map((w) => ({ ...DEFAULTS, q: w[0], facets: true, filter: filterOf({ prevalence: ['rare', 'very-rare'], minTrialCount: 0 }) })),
    'filters only': [
      {
        ...DEFAULTS,
        facets: true,
        filter: filterOf({ inheritancePattern: ['autosomal-recessive'] }),
        sort: { field: 'label', direction: 'asc' },
      },
    ],
  };
}

function main(): void {
  const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
  const file = process.argv[2] ?? join(root, 'dist', 'current', 'listing.json');
  const real = existsSync(file);
  const rows = real ? readRows(file) : syntheticRows();
  console.log(`rows: ${rows.length} (${real ? file : 'synthetic'}), synonyms: ${rows.reduce((n, r) => n + r.synonyms.length, 0)}`);

  let start = process.hrtime.bigint();
  const json = JSON.stringify(buildSearchIndex(rows));
  console.log(`build: ${since(start).toFixed(0)} ms, index: ${(Buffer.byteLength(json) / 1e6).toFixed(2)} MB`);
  start = process.hrtime.bigint();
  const parsed = JSON.parse(json);
  const parseMs = since(start);
  start = process.hrtime.bigint();
  const engine = new SearchEngine(parsed, rows);
  console.log(`load: JSON.parse ${parseMs.toFixed(0)} ms + engine ${since(start).toFixed(0)} ms`);
  // Tail latencies on a shared machine measure the neighbours as much as the engine.
  console.log(
    `load average: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} on ${cpus().length} CPUs`,
  );

  for (const [name, queries] of Object.entries(queryFamilies(rows))) {
    const { p50, p99 } = benchSearch(engine, queries, Math.max(3, Math.ceil(2000 / queries.length)));
    console.log(`${name.padEnd(24)} p50 ${p50.toFixed(3)} ms  p99 ${p99.toFixed(3)} ms`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();

import type { RecordFacts } from '../../build/record/record-facts.ts';
import type { Phenotype } from '../../build/record/record-types.ts';
import { classify } from '../../build/record/classification.ts';
import { computeFields } from '../../build/record/computed.ts';
import { finalizeSections } from '../../build/record/fact-check.ts';
import { qualityScore } from '../../build/record/quality.ts';
import { band, bareFacts, cysticFibrosisFacts, fraction, phenotype } from '../fixtures/record-facts.ts';

/**
 * Synthetic benchmark of the derived parts of a record (sections with fact check, computed
 * fields, classification, quality score) over 25,000 generated fact objects. The size mix is a
 * little heavier than the real 2026-08 build (57% of records without phenotypes, p99 82, max 237;
 * 74% without prevalence; 2% with orphan drugs; 3% with trials). Run: npx tsx test/bench/record-derived.ts
 */

const COUNT = Number(process.argv[2] ?? 25_000);

/** mulberry32: a seeded generator, so every run measures the same records. */
function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WORDS = [
  'abnormal',
  'morphology',
  'kidney',
  'retina',
  'muscle',
  'liver',
  'skeletal',
  'cardiac',
  'cortex',
  'enzyme',
  'deficiency',
  'syndrome',
  'dysplasia',
  'atrophy',
  'seizure',
  'growth',
];
const BANDS: [string, string, [number, number]][] = [
  ['HP:0040281', 'Very frequent', [80, 99]],
  ['HP:0040282', 'Frequent', [30, 79]],
  ['HP:0040283', 'Occasional', [5, 29]],
  ['HP:0040284', 'Very rare', [1, 4]],
];

function generate(i: number, r: () => number): RecordFacts {
  const f = r() < 0.05 ? cysticFibrosisFacts() : bareFacts();
  const pick = <T>(xs: T[]): T => xs[Math.floor(r() * xs.length)];
  const words = (n: number): string => Array.from({ length: n }, () => pick(WORDS)).join(' ');
  const heavy = r() < 0.01;
  const sized = (share: number, typical: number, big: number): number => (r() < share ? 0 : Math.ceil(r() * (heavy ? big : typical)));
  f.id = `MONDO:${String(i).padStart(7, '0')}`;
  f.name = `${words(3)} type ${i % 40}`;
  f.isRare = r() < 0.7;
  if (r() < 0.4)
    f.definition = {
      text: `${words(40)} (${i}).`,
      source: pick(['mondo', 'orphanet', 'doid'] as const),
      sourceId: `ORPHA:${i}`,
      release: '2025-12',
      references: [],
    };
  f.synonyms = Array.from({ length: sized(0.3, 8, 50) }, (_, k) => ({
    text: `${words(3)} ${k}`,
    scope: 'exact' as const,
    type: null,
    origin: 'mondo',
    sourceId: null,
    kind: 'name' as const,
    relation: null,
  }));
  f.parents = Array.from({ length: 1 + Math.floor(r() * 3) }, (_, k) => ({
    id: `MONDO:${String(i + k + 1).padStart(7, '0')}`,
    name: words(3),
  }));
  f.children = Array.from({ length: sized(0.74, 4, 300) }, (_, k) => ({
    id: `MONDO:${String(900000 + k).padStart(7, '0')}`,
    name: words(4),
  }));
  const phenotypes: Phenotype[] = Array.from({ length: sized(0.5, 60, 240) }, (_, k) => {
    const id = `HP:${String(1000 + ((i * 7 + k * 13) % 90000)).padStart(7, '0')}`;
    const label = words(3).replace(/^./, (c) => c.toUpperCase());
    const b = pick(BANDS);
    return phenotype(id, label, r() < 0.3 ? fraction(1 + Math.floor(r() * 20), 21) : r() < 0.8 ? band(b[0], b[1], b[2]) : null, {
      negated: r() < 0.03,
    });
  });
  f.phenotypes = [...new Map(phenotypes.map((p) => [p.hpoId, p])).values()];
  const template = cysticFibrosisFacts();
  f.prevalence = Array.from({ length: sized(0.74, 6, 100) }, (_, k) => ({
    ...template.prevalence[k % 3],
    geography: `${pick(WORDS)} ${k}`,
  }));
  f.genes = r() < 0.34 ? template.genes.slice(0, 1 + Math.floor(r() * 2)) : [];
  if (r() < 0.03) f.orphanDrugs = Array.from({ length: 1 + Math.floor(r() * 10) }, (_, k) => template.orphanDrugs[k % 3]);
  const trials =
    r() < 0.05
      ? Array.from({ length: sized(0, 6, 50) }, (_, k) => ({ ...template.trials.items[k % 2], nctId: `NCT${String(10000000 + k)}` }))
      : [];
  f.trials = { ...f.trials, total: trials.length, active: trials.filter((t) => t.active).length, items: trials };
  return f;
}

const r = rng(20260804);
const facts = Array.from({ length: COUNT }, (_, i) => generate(i, r));
const timings: Record<string, number> = {};
const cpu0 = process.cpuUsage();
const wall0 = performance.now();
for (const f of facts) {
  let t = performance.now();
  const s = finalizeSections(f);
  timings.sections = (timings.sections ?? 0) + performance.now() - t;
  t = performance.now();
  const computed = computeFields(f);
  classify(f, computed, { referenceDate: '2022-07-01' });
  qualityScore(f, s);
  timings.computedClassifyQuality = (timings.computedClassifyQuality ?? 0) + performance.now() - t;
}
const wall = performance.now() - wall0;
const cpu = process.cpuUsage(cpu0);
console.log(
  JSON.stringify({
    records: COUNT,
    wallMs: Math.round(wall),
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
    sectionsMs: Math.round(timings.sections),
    computedClassifyQualityMs: Math.round(timings.computedClassifyQuality),
  }),
);

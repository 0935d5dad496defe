import type { HpoTerm } from '../ingest/source-types.ts';
import { frequencyValue } from '../record/frequency-pool.ts';
import type { DiseaseRecord } from '../record/record-types.ts';
import {
  type DiseasePhenotypes,
  GROUP_LEVELS,
  NO_FREQUENCY,
  SIBLING_FAMILY_MAX,
  PHENOTYPE_INDEX_VERSION,
  type SerializedPhenotypeIndex,
} from '../../server/contract/snapshot/phenotype-index.ts';

export interface PhenotypeIndexInput {
  /** The HPO classes of the release (readHpoOntology). */
  terms: Map<string, HpoTerm>;
  hpoRelease: string | null;
  records: DiseaseRecord[];
  /** Information content of a term over every disease's annotations (annotationInformationContent); null when no disease carries it. Only the index carries it, never a record. */
  ic: (hpoId: string) => number | null;
}

/** What the build says about the index (counts for its summary line). */
export interface PhenotypeIndexStats {
  terms: number;
  diseases: number;
  annotations: number;
  /** Annotations of ids the HPO release does not hold (newer than it): left out, they have no place in the graph. */
  unknownAnnotations: number;
  /** Annotations of alternative or obsolete ids, counted under their current term. */
  remappedAnnotations: number;
}

/**
 * The phenotype index (server/contract/snapshot/phenotype-index.ts): current HPO terms with their
 * is_a closure, information content and id history, and per disease its present and absent
 * phenotypes with consolidated frequencies. An annotation under an alternative or obsolete id
 * counts for its current term; one whose id the release does not hold is left out (counted).
 */
export function buildPhenotypeIndex(input: PhenotypeIndexInput): { index: SerializedPhenotypeIndex; stats: PhenotypeIndexStats } {
  const current = [...input.terms.values()].filter((t) => !t.deprecated).sort((a, b) => (a.id < b.id ? -1 : 1));
  const number = new Map(current.map((t, i) => [t.id, i]));
  const replaced: SerializedPhenotypeIndex['replaced'] = {};
  const obsolete: string[] = [];
  for (const t of current) for (const alt of t.altIds) if (!number.has(alt)) replaced[alt] = { id: t.id, kind: 'alternative' };
  for (const t of input.terms.values()) {
    if (!t.deprecated || replaced[t.id]) continue;
    const target = t.replacedBy ? followReplacement(t.replacedBy, number, replaced) : null;
    if (target) replaced[t.id] = { id: target, kind: 'obsolete' };
    else obsolete.push(t.id);
  }
  obsolete.sort();
  const parents = current.map((t) => t.parents.map((p) => number.get(p)).filter((n): n is number => n !== undefined));
  const ancestors = closure(parents);
  // `+ 0` turns the root's -0 (-ln 1, rounded) into 0: the same once written as JSON, but not to deepEqual.
  const ic = current.map((t) => {
    const v = input.ic(t.id);
    return v === null ? null : v + 0;
  });

  const resolve = (id: string): number | undefined => number.get(id) ?? number.get(replaced[id]?.id ?? '');
  const texts = new Map<string, number>();
  const stats: PhenotypeIndexStats = { terms: current.length, diseases: 0, annotations: 0, unknownAnnotations: 0, remappedAnnotations: 0 };
  const diseases: DiseasePhenotypes[] = [];
  for (const r of input.records) {
    const d: DiseasePhenotypes = { id: r.id, terms: [], percent: [], text: [], absent: [] };
    for (const p of r.phenotypes) {
      const n = resolve(p.hpoId);
      if (n === undefined) {
        stats.unknownAnnotations++;
        continue;
      }
      if (!number.has(p.hpoId)) stats.remappedAnnotations++;
      if (p.negated) {
        if (!d.absent.includes(n)) d.absent.push(n);
        continue;
      }
      const value = frequencyValue(p.frequency);
      const at = d.terms.indexOf(n);
      // Two ids of one term (a current id and an alternative one): the higher frequency stands.
      if (at >= 0) {
        if (value > d.percent[at]) [d.percent[at], d.text[at]] = [value, textNumber(texts, frequencyText(p.frequency))];
        continue;
      }
      d.terms.push(n);
      d.percent.push(value < 0 ? NO_FREQUENCY : value);
      d.text.push(value < 0 ? -1 : textNumber(texts, frequencyText(p.frequency)));
      stats.annotations++;
    }
    if (d.terms.length === 0) continue;
    d.absent.sort((a, b) => a - b);
    diseases.push(d);
  }
  stats.diseases = diseases.length;
  const families = addRelatives(diseases, input.records);
  return {
    index: {
      version: PHENOTYPE_INDEX_VERSION,
      hpoRelease: input.hpoRelease,
      terms: current.map((t) => t.id),
      labels: current.map((t) => t.label),
      synonyms: current.map((t) => t.synonyms),
      parents,
      ancestors,
      ic,
      replaced: Object.fromEntries(Object.entries(replaced).sort(([a], [b]) => (a < b ? -1 : 1))),
      obsolete,
      frequencyTexts: [...texts.keys()],
      diseases,
      families,
    },
    stats,
  };
}

/**
 * Each disease's relatives in the index: its groups (DiseasePhenotypes.groups), the indexed
 * diseases among its served ancestors up to GROUP_LEVELS is_a levels, reached through ancestors
 * with or without phenotypes; and the sibling families (SerializedPhenotypeIndex.families), in the
 * order of their parents' ids. Served: the records; a parent outside them has no place.
 */
function addRelatives(diseases: DiseasePhenotypes[], records: DiseaseRecord[]): number[][] {
  const position = new Map(diseases.map((d, i) => [d.id, i]));
  const served = new Set(records.map((r) => r.id));
  const parents = new Map(records.map((r) => [r.id, r.parents.map((p) => p.id).filter((p) => served.has(p))]));
  for (const d of diseases) {
    const seen = new Set<string>([d.id]);
    let level: string[] = [d.id];
    for (let up = 1; up <= GROUP_LEVELS; up++) {
      const next: string[] = [];
      for (const id of level)
        for (const p of parents.get(id) ?? []) {
          if (seen.has(p)) continue;
          seen.add(p);
          next.push(p);
          const at = position.get(p);
          if (at === undefined) continue;
          (d.groups ??= []).push(at);
          (d.groupLevels ??= []).push(up);
        }
      level = next;
    }
  }
  const children = new Map<string, Set<number>>();
  diseases.forEach((d, at) => {
    for (const p of parents.get(d.id) ?? []) (children.get(p) ?? children.set(p, new Set()).get(p)!).add(at);
  });
  return [...children.keys()]
    .sort()
    .map((id) => [...children.get(id)!].sort((a, b) => a - b))
    .filter((family) => family.length >= 2 && family.length <= SIBLING_FAMILY_MAX);
}

/** A replacement chain's end among the current terms (an obsolete term may point at another obsolete one). */
function followReplacement(id: string, number: Map<string, number>, replaced: SerializedPhenotypeIndex['replaced']): string | null {
  if (number.has(id)) return id;
  const via = replaced[id];
  return via && number.has(via.id) ? via.id : null;
}

/** The text a frequency is shown with: the count or percentage a source gives, else the band's name. */
function frequencyText(f: DiseaseRecord['phenotypes'][number]['frequency']): string | undefined {
  if (!f) return undefined;
  if (f.numerator !== null && f.denominator !== null) return `${f.numerator}/${f.denominator}`;
  if (f.percent !== null) return `${f.percent}%`;
  return f.label ?? f.raw;
}

function textNumber(texts: Map<string, number>, text: string | undefined): number {
  if (text === undefined) return -1;
  let n = texts.get(text);
  if (n === undefined) texts.set(text, (n = texts.size));
  return n;
}

/** Ancestors (self included) per term over the parent lists, ascending; the graph is acyclic. */
function closure(parents: number[][]): number[][] {
  const memo: (number[] | undefined)[] = new Array(parents.length);
  const walk = (t: number): number[] => {
    const hit = memo[t];
    if (hit) return hit;
    const out = new Set<number>([t]);
    for (const p of parents[t]) for (const a of walk(p)) out.add(a);
    const list = [...out].sort((a, b) => a - b);
    memo[t] = list;
    return list;
  };
  return parents.map((_, t) => walk(t));
}

import type { HpoTerm } from '../ingest/source-types.ts';
import { normalizeFrequency } from './frequency.ts';
import { MIN_POOLED_DENOMINATOR } from './frequency-pool.ts';
import type { Phenotype } from './record-types.ts';
import { PHENOTYPE_ROOT, type TermSpecificity } from './term-specificity.ts';

/**
 * What HALLMARK_RULE (hallmarks.ts) weighs for each present feature of a disease. Every part is local
 * to the disease or to the HPO release, and none holds a constant, so that test/check/hallmark-cv.ts
 * cross-validates the constants on the very parts the build computes.
 */

/**
 * Laboratory findings: terms below "Abnormality of metabolism/homeostasis" or "Abnormality of the
 * coagulation cascade" (factor activities, clotting times), but not below "Abnormality of fluid
 * regulation" (edema is seen, not measured) or "Abnormality of temperature regulation" (fever).
 */
export const LABORATORY_ROOT = 'HP:0001939';
export const COAGULATION_CASCADE = 'HP:0003256';
const NOT_LABORATORY = ['HP:0011032', 'HP:0004370'];
/** Ancestors less specific than this are too general to count as named in a definition ("abnormality of the eye"). */
const DEFINITION_MIN_SPECIFICITY = 0.4;

/** Lower case, no diacritics or punctuation, plural endings of long words dropped: the form definitions and labels are compared in. */
export function comparable(text: string): string {
  const words = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .map((w) => (w.length > 3 ? w.replace(/(?:es|s)$/, '') : w));
  return ` ${words.join(' ')} `;
}

type Curation = 'M' | 'O';
/** The OMIM-based HPO curation ("M") or Orphanet ("O": the packets or HPO's ORPHA rows) behind a source row. */
const curationOf = (s: Phenotype['sources'][number]): Curation => (s.source === 'orphanet' || s.diseaseId.startsWith('ORPHA:') ? 'O' : 'M');

/** A frequency as a fraction: the point value, else the middle of its band; null when it gives neither. */
function fraction(f: { percent: number | null; range: [number, number] | null } | null): number | null {
  if (!f) return null;
  if (f.percent !== null) return f.percent / 100;
  return f.range ? (f.range[0] + f.range[1]) / 200 : null;
}

/**
 * Each curation's own frequency of a feature (its rows' usable values averaged; a count of fewer than
 * MIN_POOLED_DENOMINATOR patients is not one, as in FREQUENCY_RULE); a curation that gives none is left out.
 */
function curationFrequencies(p: Phenotype): number[] {
  const by = new Map<Curation, number[]>();
  for (const s of p.sources) {
    if (s.frequencyRaw === null) continue;
    const read = normalizeFrequency(s.frequencyRaw);
    const small = read.frequency.denominator !== null && read.frequency.denominator < MIN_POOLED_DENOMINATOR;
    const v = 'warning' in read || small ? null : fraction(read.frequency);
    if (v !== null) (by.get(curationOf(s)) ?? by.set(curationOf(s), []).get(curationOf(s))!).push(v);
  }
  return [...by.values()].map((vs) => vs.reduce((a, b) => a + b, 0) / vs.length);
}

/** What HALLMARK_RULE weighs for one present feature: no constant enters these. */
export interface FeatureParts {
  hpoId: string;
  label: string;
  /** The consolidated frequency as a fraction; null when no usable one is given. */
  frequency: number | null;
  /** Each curation's own frequency (fractions). */
  curationFrequencies: number[];
  specificity: number;
  /** The definition names the term, an HPO synonym or a not too general term above it, word for word. */
  namedInDefinition: boolean;
  /** The same, with the words of a name found in one sentence of the definition in any order ("susceptibility to bone fractures"). */
  namedInDefinitionWords: boolean;
  sourcesAgree: boolean;
  laboratory: boolean;
  /** The organ systems the term lies in: the terms right below "Phenotypic abnormality" above it. */
  systems: string[];
  /**
   * The term's label or an HPO synonym is the disease's label, or the label with at most two more words unless it names a syndrome
   * ("Chronic lymphocytic leukemia" under B-cell chronic lymphocytic leukemia; not "Basal cell carcinoma" under nevoid basal cell
   * carcinoma syndrome).
   */
  namesDisease: boolean;
}

/** Looks up HPO names in a definition: word for word, or by the words of a name within one of its sentences. */
function definitionMatcher(terms: ReadonlyMap<string, HpoTerm>, specificity: TermSpecificity) {
  const phrasesOf = (id: string): string[] => {
    const t = terms.get(id);
    return t ? [t.label, ...t.synonyms].map(comparable).filter((p) => p.length > 5) : [];
  };
  // The names of a term and of every term above it specific enough to count, built once per term.
  const memo = new Map<string, { phrases: string[]; words: string[][] }>();
  const countable = (id: string) => {
    let hit = memo.get(id);
    if (!hit) {
      const ids = [id, ...specificity.ancestors(id)].filter((x) => (specificity.of(x) ?? 0) >= DEFINITION_MIN_SPECIFICITY);
      const phrases = ids.flatMap(phrasesOf);
      hit = { phrases, words: phrases.map((p) => p.trim().split(' ')) };
      memo.set(id, hit);
    }
    return hit;
  };
  return {
    phrase: (id: string, definition: string) => definition !== '' && countable(id).phrases.some((p) => definition.includes(p)),
    words: (id: string, sentences: Set<string>[]) =>
      sentences.length > 0 && countable(id).words.some((wanted) => sentences.some((s) => wanted.every((w) => s.has(w)))),
  };
}

/** The parts of every present feature of a disease, over one HPO release. */
export function featurePartsOf(terms: ReadonlyMap<string, HpoTerm>, specificity: TermSpecificity) {
  const match = definitionMatcher(terms, specificity);
  const isLab = (id: string) => {
    const above = specificity.ancestors(id);
    return (above.has(LABORATORY_ROOT) || above.has(COAGULATION_CASCADE)) && !NOT_LABORATORY.some((x) => above.has(x));
  };
  const cached = <T>(f: (id: string) => T) => {
    const memo = new Map<string, T>();
    return (id: string): T => (memo.has(id) ? memo.get(id)! : memo.set(id, f(id)).get(id)!);
  };
  const systems = cached((id) => [id, ...specificity.ancestors(id)].filter((x) => terms.get(x)?.parents.includes(PHENOTYPE_ROOT)));
  const namesOf = cached((id) => {
    const t = terms.get(id);
    return t ? [t.label, ...t.synonyms].map(comparable).filter((p) => p.trim().includes(' ')) : [];
  });
  const lab = cached(isLab);

  /** `diseaseNames`: the disease's label first, then its other names. */
  return function parts(
    phenotypes: readonly Phenotype[],
    definitionText: string | null,
    diseaseNames: readonly string[] = [],
  ): FeatureParts[] {
    const definition = definitionText ? comparable(definitionText) : '';
    const sentences = (definitionText ?? '')
      .split(/[.;]\s/)
      .map((s) => new Set(comparable(s).trim().split(' ')))
      .filter((s) => s.size > 1);
    const label = comparable(diseaseNames[0] ?? '').replace(/ (?:disease|disorder) $/, ' ');
    const isDisease = (t: string) =>
      t === label ||
      (!label.endsWith(' syndrome ') && label.includes(t) && label.trim().split(' ').length - t.trim().split(' ').length <= 2);
    return phenotypes
      .filter((p) => !p.negated)
      .map((p) => {
        const given = p.frequencyBasis === 'count' || p.frequencyBasis === 'percent' || p.frequencyBasis === 'band';
        return {
          hpoId: p.hpoId,
          label: p.label,
          frequency: given ? fraction(p.frequency) : null,
          curationFrequencies: given ? curationFrequencies(p) : [],
          specificity: specificity.of(p.hpoId) ?? 0,
          namedInDefinition: match.phrase(p.hpoId, definition),
          // Read only by a rule that matches words (the cross-validation tries it): computed when asked.
          get namedInDefinitionWords() {
            return match.words(p.hpoId, sentences);
          },
          sourcesAgree: new Set(p.sources.map(curationOf)).size > 1,
          laboratory: lab(p.hpoId),
          systems: systems(p.hpoId),
          namesDisease: namesOf(p.hpoId).some(isDisease),
        };
      });
  };
}

import type { HpoTerm } from '../ingest/source-types.ts';
import type { Hallmark } from './consolidated-types.ts';
import type { Phenotype } from './record-types.ts';

export type { Hallmark };
import type { TermSpecificity } from './term-specificity.ts';

/**
 * The hallmark features of a disease (HALLMARK_RULE): what identifies it, not only what is
 * frequent. Every part of the score is local to the disease or to the HPO release, so another
 * disease's annotations never change this disease's hallmarks.
 */

/** How many hallmarks are chosen (a laboratory finding may be added after them). */
export const HALLMARK_COUNT = 5;
/**
 * The frequency a feature counts with when its sources give no usable one (an HPO annotation from
 * OMIM without frequency, a count of fewer than 5 patients). Chosen, with the two weights below,
 * by leave-one-out cross-validation over 29 diseases with textbook hallmarks (recall of the
 * textbook hallmarks among the first five: 0.62; frequency times specificity alone: 0.40).
 */
export const NO_FREQUENCY_VALUE = 0.7;
/** Weight of a feature named in the disease's own definition. */
export const DEFINITION_WEIGHT = 0.5;
/** Weight of a feature that both the OMIM-based HPO curation and Orphanet annotate. */
export const AGREEMENT_WEIGHT = 0.5;
/** Laboratory findings: terms below "Abnormality of metabolism/homeostasis", but not below "Abnormality of fluid regulation" (edema is seen, not measured). */
export const LABORATORY_ROOT = 'HP:0001939';
const NOT_LABORATORY = 'HP:0011032';
/** A laboratory finding added after the hallmarks must be counted at least this frequent (frequent or more, or not given). */
const LABORATORY_MIN_FREQUENCY = 0.3;
/** Ancestors less specific than this are too general to count as named in a definition ("abnormality of the eye"). */
const DEFINITION_MIN_SPECIFICITY = 0.4;

export const HALLMARK_RULE =
  'Each present feature is scored score = specificity x (frequency + ' +
  `${DEFINITION_WEIGHT} x namedInDefinition + ${AGREEMENT_WEIGHT} x sourcesAgree) / ${1 + DEFINITION_WEIGHT + AGREEMENT_WEIGHT}, in [0, 1]. ` +
  'frequency: the consolidated frequency (point value, else the middle of its band) as a fraction; ' +
  `${NO_FREQUENCY_VALUE} when no usable frequency is given. specificity: the intrinsic information content of the HPO term (from the HPO release alone). ` +
  "namedInDefinition: 1 when the record's definition names the term, one of its HPO synonyms, or a not too general term above it. " +
  'sourcesAgree: 1 when both the OMIM-based HPO curation and Orphanet annotate the term. ' +
  `The ${HALLMARK_COUNT} best scores are the hallmarks (ties by HPO id); a term above a chosen one is skipped and a term below a chosen one takes its place ` +
  `(the more specific wins). When none of them is a laboratory finding (below "Abnormality of metabolism/homeostasis", ${LABORATORY_ROOT}, ` +
  `not below "Abnormality of fluid regulation"), the best-scoring laboratory finding counted at least ${LABORATORY_MIN_FREQUENCY} frequent is added. ` +
  'The weights and the frequency of a feature without one were chosen by leave-one-out ' +
  'cross-validation over diseases with textbook hallmarks.';

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

/** The OMIM-based HPO curation ("M") and Orphanet ("O": the packets or HPO's ORPHA rows) that annotate a phenotype. */
function curations(p: Phenotype): Set<'M' | 'O'> {
  const out = new Set<'M' | 'O'>();
  for (const s of p.sources) out.add(s.source === 'orphanet' || s.diseaseId.startsWith('ORPHA:') ? 'O' : 'M');
  return out;
}

const round = (x: number) => Math.round(x * 1000) / 1000;

/** A hallmark selector over one HPO release: `select(phenotypes, definition)` applies HALLMARK_RULE. */
export function hallmarkSelector(terms: ReadonlyMap<string, HpoTerm>, specificity: TermSpecificity) {
  const phrases = new Map<string, string[]>();
  const phrasesOf = (id: string): string[] => {
    let hit = phrases.get(id);
    if (!hit) {
      const t = terms.get(id);
      hit = t ? [t.label, ...t.synonyms].map(comparable).filter((p) => p.length > 5) : [];
      phrases.set(id, hit);
    }
    return hit;
  };
  const named = (id: string, definition: string): boolean => {
    if (definition === '') return false;
    for (const x of [id, ...specificity.ancestors(id)]) {
      if ((specificity.of(x) ?? 0) < DEFINITION_MIN_SPECIFICITY) continue;
      if (phrasesOf(x).some((p) => definition.includes(p))) return true;
    }
    return false;
  };
  const isLab = (id: string) => specificity.ancestors(id).has(LABORATORY_ROOT) && !specificity.ancestors(id).has(NOT_LABORATORY);

  return function select(phenotypes: readonly Phenotype[], definitionText: string | null): Hallmark[] {
    const definition = definitionText ? comparable(definitionText) : '';
    const scored: Hallmark[] = [];
    for (const p of phenotypes) {
      if (p.negated) continue;
      const f = p.frequency;
      const given = (p.frequencyBasis === 'count' || p.frequencyBasis === 'percent' || p.frequencyBasis === 'band') && f !== null;
      const value = given ? (f.percent ?? (f.range ? (f.range[0] + f.range[1]) / 2 : 0)) / 100 : NO_FREQUENCY_VALUE;
      const spec = specificity.of(p.hpoId) ?? 0;
      const inDefinition = named(p.hpoId, definition);
      const agree = curations(p).size > 1;
      const score =
        (spec * (value + DEFINITION_WEIGHT * Number(inDefinition) + AGREEMENT_WEIGHT * Number(agree))) /
        (1 + DEFINITION_WEIGHT + AGREEMENT_WEIGHT);
      scored.push({
        hpoId: p.hpoId,
        label: p.label,
        score: round(score),
        parts: {
          frequency: round(value),
          frequencyGiven: given,
          specificity: round(spec),
          namedInDefinition: inDefinition,
          sourcesAgree: agree,
        },
        laboratory: isLab(p.hpoId),
      });
    }
    scored.sort((a, b) => b.score - a.score || (a.hpoId < b.hpoId ? -1 : a.hpoId > b.hpoId ? 1 : 0));
    const chosen = pick(scored, HALLMARK_COUNT, specificity);
    if (!chosen.some((h) => h.laboratory)) {
      const lab = scored.find(
        (h) =>
          h.laboratory &&
          h.parts.frequency >= LABORATORY_MIN_FREQUENCY &&
          !chosen.some((c) => specificity.ancestors(c.hpoId).has(h.hpoId) || c === h),
      );
      if (lab) chosen.push(lab);
    }
    return chosen;
  };
}

/** The first `count` of `scored` (best first) with no term above another: a more specific term takes its ancestor's place. */
function pick(scored: readonly Hallmark[], count: number, specificity: TermSpecificity): Hallmark[] {
  const chosen: Hallmark[] = [];
  for (const h of scored) {
    if (chosen.length >= count) break;
    if (chosen.some((c) => specificity.ancestors(c.hpoId).has(h.hpoId))) continue;
    const i = chosen.findIndex((c) => specificity.ancestors(h.hpoId).has(c.hpoId));
    if (i >= 0) chosen[i] = h;
    else chosen.push(h);
  }
  return chosen;
}

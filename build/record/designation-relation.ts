import type { TextWords } from './link-rules.ts';
import { CAUSE_SUFFIXES, neutral } from './relation-words.ts';
import { type OwnFacts, restrictNothing } from './relation-scope.ts';
import {
  clauseBounds,
  complication,
  type LinkRelation,
  memberOf,
  partOf,
  patientsWith,
  phrase,
  qualifiedAfter,
  type RelationDecision,
  restrictingWords,
} from './relation-clues.ts';

export type { LinkRelation, RelationDecision } from './relation-clues.ts';

/** Relations from the closest to the furthest: an entry takes the closest relation of its links. */
export const RELATION_ORDER: readonly LinkRelation[] = ['exact', 'broader', 'complication', 'narrower'];

export const LINK_RELATION_RULE =
  'Each link says how the designation relates to the disease (`relation`) and which words decided it (`decidedBy`); an entry takes the ' +
  'closest relation of its links, from its designation and its approved labeled indications (exact, broader, complication, narrower). ' +
  '`complication`: the name (or a list of names it ends) follows a patient-group or cause phrase ("in patients with", "in children with", ' +
  '"in adult patients with severe", "associated with", "secondary to", "due to", "resulting from", "attributable to", "caused by", ' +
  '"complications of", or "in" after another condition) and the text names a condition before it ("seizures in patients with ' +
  'mitochondrial disease"; the words of an episode or a bleeding are the disease\'s own, not another condition), or the name is the first ' +
  'part of "-associated", "-related", "-induced" or "-mediated" followed by another condition ("Noonan syndrome-associated hypertrophic ' +
  'cardiomyopathy"), or the name\'s patients have another condition ("cystic fibrosis patients with Pseudomonas aeruginosa lung ' +
  'infections"). `broader` (the designation covers a subset of the disease): one part of it is named ("hematopoietic syndrome of acute ' +
  'radiation syndrome", "cutaneous variants of porphyria"); or a word outside the name restricts it to a stage, line of therapy, disease ' +
  'state, age group, genotype, severity or episode ("stage IIB through IV", "relapsed", "adjuvant", "pediatric", "mutations", "severe", ' +
  '"exacerbations"), or after the name to a setting or patient group ("during liver transplantation", "undergoing", "where allergic ' +
  'reactions ..."), where a genotype of the disease\'s own causal gene with no variant named ("due to mutations in the POMC gene"), ' +
  '"an adjuvant to" another drug, and the qualifiers of a later member of a list the name ends ("anaplastic thyroid carcinoma and ' +
  'metastatic or locally advanced papillary thyroid cancer") restrict nothing; or a complement follows it ("invasive carcinoma of the ' +
  'uterine cervix"), or a feature ("non-small cell lung cancer with MET genomic tumor aberrations"; not "with or without"), the patients of ' +
  'another condition ("toxoplasmosis in patients with AIDS"), or a cause ("emphysema due to alpha1-antitrypsin deficiency"); or the ' +
  'name\'s patients have a state of it ("type 1 diabetes patients with residual beta cell function"); or another disease name stands right ' +
  'before it ("cystic fibrosis liver disease" on liver disease; on cystic fibrosis it is a `complication`), or a qualifier stands right ' +
  'before the name ("transthyretin-mediated amyloidosis", "parenteral nutrition-associated liver disease"), or the name is followed by ' +
  '"in" and another condition\'s patients, or the text matched a narrow synonym of the class. `narrower` (the designation names a wider ' +
  'condition that includes the disease): the name is a member listed after "including", "specifically" or "encompassing" and a condition ' +
  '("soft tissue sarcomas including rhabdomyosarcoma"), or in a bracketed list after one ("GM-2 gangliosidoses (Tay-Sachs disease and ' +
  'Sandhoff disease)"), or the last of sibling forms named together whose other members are disease names too ("follicular, medullary ' +
  'and anaplastic thyroid carcinoma"), or the text matched a broad synonym of the class, or the designation was made for a parent group ' +
  '(roll-down). `exact`: the text names the disease with no such word.';

/** What containedRelation may ask about the linked disease beyond the text. */
export interface RelationLookups extends OwnFacts {
  /** True when the HGNC symbol (as written) is a causal gene of the linked disease. */
  ownGene?: (symbol: string) => boolean;
  /** True when the words (normalized) are a disease name or synonym: "medullary thyroid carcinoma". */
  isName?: (words: string) => boolean;
}

/**
 * The relation of a contained link (the name at words [start, end) of the text), by LINK_RELATION_RULE.
 * `others` are the spans of other disease names found in the same text (a list of diseases is no qualifier).
 */
export function containedRelation(
  tw: TextWords,
  start: number,
  end: number,
  others: [number, number][],
  lookups: RelationLookups = {},
): RelationDecision {
  const [from, to] = clauseBounds(tw, start, end);
  const inOther = (i: number) => others.some(([s, e]) => i >= s && i < e);
  const hit =
    complication(tw, from, start, end, inOther, lookups) ?? patientsWith(tw, start, end, to, lookups) ?? partOf(tw, from, start, inOther);
  if (hit) return hit;
  // Two names with nothing between them: the first qualifies the second ("cystic fibrosis liver disease" is a
  // complication of cystic fibrosis, and a liver disease of a subset of patients).
  const joined = (i: number) => /^\s+$/.test(tw.before[i] ?? '');
  if (end < to && inOther(end) && joined(end)) return { relation: 'complication', decidedBy: phrase(tw, start, Math.min(end + 3, to)) };
  if (start > from && inOther(start - 1) && joined(start))
    return { relation: 'broader', decidedBy: phrase(tw, Math.max(from, start - 2), end) };
  // A complement after the name: "invasive carcinoma of the uterine cervix".
  if (tw.words[end] === 'of' && joined(end) && end + 1 < to)
    return { relation: 'broader', decidedBy: phrase(tw, end, Math.min(end + 4, to)) };
  const free = restrictNothing(tw, [from, to], lookups);
  const { restricting, ownGenotype } = restrictingWords(tw, [from, to], [start, end], others, lookups.ownGene ?? (() => false), free);
  if (restricting.length > 0) {
    const first = restricting[0];
    return { relation: 'broader', decidedBy: phrase(tw, first, Math.min(first + 4, to)) };
  }
  // "X in <other disease>": the patients of another condition.
  if (tw.words[end] === 'in' && others.some(([s]) => s > end && s <= end + 4))
    return { relation: 'broader', decidedBy: phrase(tw, end, Math.min(end + 4, to)) };
  const part = qualifiedAfter(tw, end, to, ownGenotype);
  if (part) return part;
  const wider = memberOf(tw, from, [start, end], inOther, lookups.isName ?? (() => false));
  if (wider) return wider;
  // A qualifier right before the name, in the same phrase: "intestinal giardiasis", "transthyretin-mediated amyloidosis",
  // "parenteral nutrition-associated liver disease" (a cause joined by a hyphen qualifies, though "associated" alone does not).
  const prev = start - 1;
  const hyphenCause = CAUSE_SUFFIXES.has(tw.words[prev]) && /^[-\u2010\u2011]$/.test(tw.before[prev] ?? '');
  const qualifier = hyphenCause || (!neutral(tw.words[prev]) && !/^\d+$/.test(tw.words[prev]) && !free.has(prev));
  if (prev >= from && !inOther(prev) && qualifier && !/[,(;:]/.test(tw.before[start]))
    return {
      relation: 'broader',
      decidedBy: phrase(tw, Math.max(from, prev - (/^[-\u2010\u2011]$/.test(tw.before[prev]) ? 1 : 0)), start),
    };
  const own = ownGenotype ? ` (${phrase(tw, ...ownGenotype)}: its own gene)` : '';
  return { relation: 'exact', decidedBy: phrase(tw, start, end) + own };
}

/** The relation of a link through a synonym whose scope says it is wider or narrower than the class. */
export function synonymScopeRelation(scope: string | null, matched: string): RelationDecision | null {
  if (scope === 'broad') return { relation: 'narrower', decidedBy: `"${matched}" is a broad synonym of the class` };
  if (scope === 'narrow') return { relation: 'broader', decidedBy: `"${matched}" is a narrow synonym of the class` };
  return null;
}

/** The closest relation among links (RELATION_ORDER). */
export function closestRelation(relations: LinkRelation[]): LinkRelation {
  let best = RELATION_ORDER.length - 1;
  for (const r of relations) best = Math.min(best, RELATION_ORDER.indexOf(r));
  return RELATION_ORDER[best];
}

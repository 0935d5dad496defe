import type { TextWords } from './link-rules.ts';

/**
 * How an FDA designation relates to a disease it names (LINK_RELATION_RULE): the designation
 * treats the disease itself (`exact`), a subset of it (`broader`: a stage, a subtype, one patient
 * group), a wider condition that includes it (`narrower`), or a condition in patients with it
 * (`complication`). Each decision keeps the words that made it (`decidedBy`).
 */
export type LinkRelation = 'exact' | 'broader' | 'narrower' | 'complication';

export interface RelationDecision {
  relation: LinkRelation;
  /** The words of the text (or the rule) that decided the relation. */
  decidedBy: string;
}

/** Relations from the closest to the furthest: an entry takes the closest relation of its links. */
export const RELATION_ORDER: readonly LinkRelation[] = ['exact', 'broader', 'complication', 'narrower'];

/** Words that say what is done, to whom, in general: they never narrow or widen what is named. */
const NEUTRAL = new Set(
  (
    'treatment treat treating treatments prevention prevent preventing prophylaxis prophylactic management manage therapy ' +
    'therapeutic therapeutically topical use used usage for of the a an and or as to by in with including include includes diagnosis ' +
    'diagnostic diagnosing detection imaging adjunct adjunctive reduction reducing reduce signs sign symptoms symptom symptomatic ' +
    'control controlling improve improving improvement care relief patients patient individuals subjects people persons those ' +
    'affected suffering from due is are who disease diseases disorder disorders syndrome syndromes condition conditions its their ' +
    'associated related its also other forms form all any'
  ).split(' '),
);

/**
 * Words that restrict a designation to part of a disease: stage, line of therapy, disease state,
 * age group, genotype, severity, episodes. One of them in the text outside the disease's name
 * makes the link `broader`.
 */
const SUBSET = new Set(
  (
    'stage stages staged grade advanced metastatic metastases refractory relapsed relapsing recurrent resistant unresectable ' +
    'inoperable locally localized high risk newly diagnosed pediatric paediatric children child infants infant neonates neonatal ' +
    'newborns adolescents adolescent elderly years months aged age mutation mutations mutated mutant positive negative expressing ' +
    'harboring harbouring carrying severe moderate moderately mild active exacerbation exacerbations flares flare attacks attack ' +
    'episodes episode crisis crises bleeding after following failed failure prior previously line lines maintenance consolidation ' +
    'induction intolerant inadequate subtype subtypes inhibitors juvenile adult adults early late onset first second third ' +
    'acquired previously untreated persistent'
  ).split(' '),
);

/** Words right before a name that make it the patient group of another condition ("seizures in patients with X"). */
const GROUP_OPENERS = new Set(['patients', 'children', 'adults', 'individuals', 'subjects', 'infants', 'people', 'persons']);
const CAUSE_MARKERS: readonly string[][] = [
  ['associated', 'with'],
  ['secondary', 'to'],
  ['attributable', 'to'],
  ['due', 'to'],
  ['caused', 'by'],
  ['complicating'],
  ['complications', 'of'],
  ['complication', 'of'],
  ['manifestations', 'of'],
];
/** Compound endings after a name that make it the cause of another condition ("Noonan syndrome-associated cardiomyopathy"). */
const CAUSE_SUFFIXES = new Set(['associated', 'related', 'induced', 'mediated']);

export const LINK_RELATION_RULE =
  'Each link says how the designation relates to the disease (`relation`) and which words decided it (`decidedBy`). ' +
  '`complication`: the name (or a list of names it ends) follows a patient-group or cause phrase ("in patients with", "in children with", ' +
  '"in adult patients with severe", "associated with", "secondary to", ' +
  '"due to", "attributable to", "caused by", "complications of", or "in" after another condition) and the text names a condition before it ' +
  '("seizures in patients with mitochondrial disease"), or the name is the first part of "-associated", "-related", "-induced" or "-mediated" ' +
  'followed by another condition ("Noonan syndrome-associated hypertrophic cardiomyopathy"). `broader` (the designation covers a subset of the ' +
  'disease): a word outside the name restricts it to a stage, line of therapy, disease state, age group, genotype, severity or episode ' +
  '("stage IIB through IV", "relapsed", "pediatric", "mutations", "severe", "exacerbations", "who ..."), or a complement follows it ' +
  '("invasive carcinoma of the uterine cervix"), or another disease name stands right before it ("cystic fibrosis liver disease" on liver ' +
  'disease; on cystic fibrosis it is a `complication`), or a qualifier stands right before the name ("transthyretin-mediated ' +
  'amyloidosis", "parenteral nutrition-associated liver disease"), or the name is followed by "in" and another condition\'s ' +
  'patients, or the text matched a narrow synonym of the class. `narrower` (the designation names a wider condition that includes the disease): the text matched a broad ' +
  'synonym of the class, or the designation was made for a parent group (roll-down). `exact`: the text names the disease with no such word.';

/** Words [a, b) as written, with the separators between them ("transthyretin-mediated"). */
function phrase(tw: TextWords, a: number, b: number): string {
  let out = '';
  for (let i = a; i < b; i++) out += (i > a ? tw.before[i] : '') + tw.original[i];
  return out;
}

/** Words of a clause: the separators `;` and `.` end one. */
function clauseBounds(tw: TextWords, start: number, end: number): [number, number] {
  let from = start;
  while (from > 0 && !/[;.]/.test(tw.before[from])) from--;
  let to = end;
  while (to < tw.words.length && !/[;.]/.test(tw.before[to])) to++;
  return [from, to];
}

/** Words that join the names of a list: "patients with A, B and C". */
const LIST_WORDS = new Set(['and', 'or']);

/**
 * A complication decision when a cause or patient-group phrase opens right before the name, or
 * before a list of other names that ends with it, and a condition precedes the phrase.
 */
function complication(tw: TextWords, from: number, name: number, end: number, inOther: (i: number) => boolean): RelationDecision | null {
  const w = tw.words;
  if (CAUSE_SUFFIXES.has(w[end]) && /^[-\u2010\u2011]$/.test(tw.before[end]) && end + 1 < w.length && !NEUTRAL.has(w[end + 1]))
    return { relation: 'complication', decidedBy: phrase(tw, end, Math.min(w.length, end + 4)) };
  // The list the name ends: "patients with A, B and C" opens at A for C.
  let start = name;
  while (start > from && (inOther(start - 1) || LIST_WORDS.has(w[start - 1]))) start--;
  let marker = -1;
  // "[in [up to three words]] patients [up to six words] with [up to two words]" ("in adult patients 8 years of age and
  // older with"), then the cause phrases, then a bare "in".
  for (let k = start - 1; k >= Math.max(from + 1, start - 3) && marker < 0; k--) {
    if (w[k] !== 'with') continue;
    if (w.slice(k + 1, start).some((_, j) => inOther(k + 1 + j))) break;
    let opener = -1;
    for (let j = k - 1; j >= Math.max(from, k - 7) && opener < 0 && !inOther(j); j--) if (GROUP_OPENERS.has(w[j])) opener = j;
    if (opener < 0) continue;
    marker = opener;
    for (let i = opener - 1; i >= Math.max(from, opener - 4); i--) if (w[i] === 'in') marker = i;
  }
  // A cause phrase, up to three words before the name ("due to tetrahydrobiopterin- (BH4-) responsive phenylketonuria").
  for (let gap = 0; gap <= 3 && marker < 0 && !inOther(start - gap); gap++)
    for (const m of CAUSE_MARKERS) if (m.every((x, k) => w[start - gap - m.length + k] === x)) marker = start - gap - m.length;
  if (marker < 0 && w[start - 1] === 'in') marker = start - 1;
  if (marker < 0) return null;
  let first = -1;
  // The condition treated: a word before the phrase that neither is generic nor names the patients ("adult patients with X" treats X).
  for (let i = from; i < marker && first < 0; i++) if (!NEUTRAL.has(w[i]) && !SUBSET.has(w[i]) && !/^\d+$/.test(w[i])) first = i;
  if (first < 0) return null;
  return { relation: 'complication', decidedBy: phrase(tw, Math.max(first, marker - 4), start) };
}

/**
 * The relation of a contained link (the name at words [start, end) of the text), by LINK_RELATION_RULE.
 * `others` are the spans of other disease names found in the same text (a list of diseases is no qualifier).
 */
export function containedRelation(tw: TextWords, start: number, end: number, others: [number, number][]): RelationDecision {
  const [from, to] = clauseBounds(tw, start, end);
  const inOther = (i: number) => others.some(([s, e]) => i >= s && i < e);
  const hit = complication(tw, from, start, end, inOther);
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
  // An abbreviation in parentheses right after the name repeats it: "(CRPS)".
  const outside: number[] = [];
  for (let i = from; i < to; i++) {
    if (i >= start && i < end) continue;
    if (inOther(i)) continue;
    if (i === end && /\($/.test(tw.before[i].trim())) continue;
    outside.push(i);
  }
  const restricting = outside.filter((i) => SUBSET.has(tw.words[i]) || (tw.words[i] === 'type' && /^\w/.test(tw.words[i + 1] ?? '')));
  if (restricting.length > 0) {
    const first = restricting[0];
    return { relation: 'broader', decidedBy: phrase(tw, first, Math.min(first + 4, to)) };
  }
  // "X in <other disease>": the patients of another condition.
  if (tw.words[end] === 'in' && others.some(([s]) => s > end && s <= end + 4))
    return { relation: 'broader', decidedBy: phrase(tw, end, Math.min(end + 4, to)) };
  // A qualifier right before the name, in the same phrase: "intestinal giardiasis", "transthyretin-mediated amyloidosis",
  // "parenteral nutrition-associated liver disease" (a cause joined by a hyphen qualifies, though "associated" alone does not).
  const prev = start - 1;
  const hyphenCause = CAUSE_SUFFIXES.has(tw.words[prev]) && /^[-\u2010\u2011]$/.test(tw.before[prev] ?? '');
  const qualifier = hyphenCause || (!NEUTRAL.has(tw.words[prev]) && !/^\d+$/.test(tw.words[prev]));
  if (prev >= from && !inOther(prev) && qualifier && !/[,(;:]/.test(tw.before[start]))
    return {
      relation: 'broader',
      decidedBy: phrase(tw, Math.max(from, prev - (/^[-\u2010\u2011]$/.test(tw.before[prev]) ? 1 : 0)), start),
    };
  return { relation: 'exact', decidedBy: phrase(tw, start, end) };
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

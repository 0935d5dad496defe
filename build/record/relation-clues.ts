import type { TextWords } from './link-rules.ts';
import {
  CAUSE_MARKERS,
  CAUSE_SUFFIXES,
  GENOTYPE,
  GROUP_OPENERS,
  INCLUDING,
  PART_NOUNS,
  SETTING,
  STATE,
  SUBSET,
  neutral,
} from './relation-words.ts';
import { type OwnFacts, ownCondition } from './relation-scope.ts';

/**
 * The clues of LINK_RELATION_RULE (designation-relation.ts) in the words around a disease name found in an FDA
 * text: each returns the decision it makes, or null when its words are absent.
 */

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

/** Words [a, b) as written, with the separators between them ("transthyretin-mediated"). */
export function phrase(tw: TextWords, a: number, b: number): string {
  let out = '';
  for (let i = a; i < b; i++) out += (i > a ? tw.before[i] : '') + tw.original[i];
  return out;
}

/** Words of a clause: `;`, and `.` before a space, end one ("P.aeruginosa" is one phrase). */
export function clauseBounds(tw: TextWords, start: number, end: number): [number, number] {
  const ends = (i: number) => /;|\.\s/.test(tw.before[i]);
  let from = start;
  while (from > 0 && !ends(from)) from--;
  let to = end;
  while (to < tw.words.length && !ends(to)) to++;
  return [from, to];
}

/** Words that join the names of a list: "patients with A, B and C". */
const LIST_WORDS = new Set(['and', 'or']);

/**
 * A complication decision when a cause or patient-group phrase opens right before the name, or
 * before a list of other names that ends with it, and a condition precedes the phrase.
 */
export function complication(
  tw: TextWords,
  from: number,
  name: number,
  end: number,
  inOther: (i: number) => boolean,
  own: OwnFacts = {},
): RelationDecision | null {
  const w = tw.words;
  if (CAUSE_SUFFIXES.has(w[end]) && /^[-\u2010\u2011]$/.test(tw.before[end]) && end + 1 < w.length && !neutral(w[end + 1]))
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
  for (let i = from; i < marker && first < 0; i++) if (!neutral(w[i]) && !SUBSET.has(w[i]) && !/^\d+$/.test(w[i])) first = i;
  // The disease's own attacks, bleeds or manifestation (the words right before the phrase) are the disease, not another condition.
  if (first < 0 || ownCondition(w.slice(Math.max(first, marker - 4), marker), own)) return null;
  return { relation: 'complication', decidedBy: phrase(tw, Math.max(first, marker - 4), start) };
}

/**
 * "<name> patients with <condition>": a condition in this disease's patients, `complication` ("cystic fibrosis patients
 * with Pseudomonas aeruginosa lung infections"), unless what follows is a state of the disease: one patient group,
 * `broader` ("type 1 diabetes patients with residual beta cell function").
 */
export function patientsWith(tw: TextWords, start: number, end: number, to: number, own: OwnFacts = {}): RelationDecision | null {
  const w = tw.words;
  if (!GROUP_OPENERS.has(w[end]) || w[end + 1] !== 'with') return null;
  const tail = w.slice(end + 2, Math.min(to, end + 8));
  if (ownCondition(tail, own)) return null;
  const decidedBy = phrase(tw, start, Math.min(to, end + 6));
  if (tail.some((x) => STATE.has(x))) return { relation: 'broader', decidedBy };
  // A stage, genotype or setting ("with a G551D mutation") is decided with the other restricting words.
  if (tail.some((x) => SUBSET.has(x) || SETTING.has(x)) || !tail.some((x) => !neutral(x) && !/^\d+$/.test(x))) return null;
  return { relation: 'complication', decidedBy };
}

/** "<qualifier> syndrome of <name>": one part of the disease ("hematopoietic syndrome of acute radiation syndrome"). */
export function partOf(tw: TextWords, from: number, start: number, inOther: (i: number) => boolean): RelationDecision | null {
  const w = tw.words;
  const k = start - 3;
  if (k < from || w[start - 1] !== 'of' || !PART_NOUNS.has(w[start - 2]) || inOther(start - 2) || neutral(w[k])) return null;
  return { relation: 'broader', decidedBy: phrase(tw, k, start) };
}

/**
 * Words of the clause outside the name that restrict it (SUBSET, SETTING after the name, "type N"). Not restricting: the words of
 * another name; an abbreviation in brackets right after the name ("(CRPS)"); the qualifiers of the next member of a
 * list the name ends ("anaplastic thyroid carcinoma and metastatic or locally advanced papillary thyroid cancer");
 * a genotype that names the disease's own gene with no variant of it ("due to mutations in the POMC gene").
 */
export function restrictingWords(
  tw: TextWords,
  [from, to]: [number, number],
  [start, end]: [number, number],
  others: [number, number][],
  ownGene: (symbol: string) => boolean,
  free: ReadonlySet<number> = new Set(),
): { restricting: number[]; ownGenotype: [number, number] | null } {
  const w = tw.words;
  const inOther = (i: number) => others.some(([s, e]) => i >= s && i < e);
  const listed = /,/.test(tw.before[end] ?? '') || w[end] === 'and' || w[end] === 'or';
  const nextMember = listed ? others.map(([s]) => s).find((s) => s > end && s <= end + 6) : undefined;
  const named = new Set(tw.original.slice(start, end));
  // The end of "mutations in the POMC" when POMC is the disease's own gene; -1 otherwise (a variant named before it, another gene).
  const ownGeneEnd = (i: number): number => {
    if (!neutral(w[i - 1] ?? 'of')) return -1;
    for (let j = i + 1; j < Math.min(to, i + 5); j++) {
      const symbol = tw.original[j];
      if (/^[A-Z][A-Z0-9]{1,9}$/.test(symbol)) return ownGene(symbol) || named.has(symbol) ? j + 1 : -1;
      if (!neutral(w[j])) return -1;
    }
    return -1;
  };
  const restricting: number[] = [];
  let ownGenotype: [number, number] | null = null;
  for (let i = from; i < to; i++) {
    if ((i >= start && i < end) || inOther(i) || free.has(i) || (nextMember !== undefined && i >= end && i < nextMember)) continue;
    if (i === end && /\($/.test(tw.before[i].trim()) && !SUBSET.has(w[i])) continue;
    const geneEnd = GENOTYPE.has(w[i]) ? ownGeneEnd(i) : -1;
    if (geneEnd > 0) {
      ownGenotype ??= [i, geneEnd];
      continue;
    }
    // A setting before the name is the product's use ("used during radiation treatment of glioblastoma"), after it the disease's.
    // "As an adjuvant to levodopa" is an add-on, not adjuvant therapy.
    if (w[i] === 'adjuvant' && w[i + 1] === 'to') continue;
    if (SUBSET.has(w[i]) || (SETTING.has(w[i]) && i >= end) || (w[i] === 'type' && /^\w/.test(w[i + 1] ?? ''))) restricting.push(i);
  }
  return { restricting, ownGenotype };
}

/**
 * The name as one member of a wider condition the text designates (`narrower`): after "including" and a condition
 * ("idiopathic hypereosinophilic syndrome including acute and chronic eosinophilic leukemia"), or as the last of
 * sibling forms named together, where the sibling with the name's other words is a disease name too ("follicular,
 * medullary and anaplastic thyroid carcinoma").
 */
export function memberOf(
  tw: TextWords,
  from: number,
  [start, end]: [number, number],
  inOther: (i: number) => boolean,
  isName: (words: string) => boolean,
): RelationDecision | null {
  const w = tw.words;
  // Back over the list the name ends (other names, "and", "or", up to three other words) to "including".
  for (let k = start - 1, words = 0; k > from && words <= 3; k--) {
    if (inOther(k) || LIST_WORDS.has(w[k])) continue;
    if (!INCLUDING.has(w[k])) {
      words++;
      continue;
    }
    // The wider condition may be a disease name itself ("idiopathic hypereosinophilic syndrome including ...").
    const head = w.slice(from, k).findIndex((x) => !neutral(x) && !SUBSET.has(x));
    if (head >= 0) return { relation: 'narrower', decidedBy: phrase(tw, Math.max(from + head, k - 4), k + 1) };
    break;
  }
  const listed = bracketedList(tw, from, start, end);
  if (listed) return listed;
  const j = start - 2;
  if (j < from || !LIST_WORDS.has(w[start - 1]) || end - start < 2 || inOther(j) || neutral(w[j])) return null;
  if (!isName([w[j], ...w.slice(start + 1, end)].join(' '))) return null;
  let first = j;
  while (first - 1 > from && /,/.test(tw.before[first]) && !neutral(w[first - 1]) && !inOther(first - 1)) first--;
  return { relation: 'narrower', decidedBy: phrase(tw, first, end) };
}

/** The name inside a bracketed list after a condition: "GM-2 gangliosidoses (Tay-Sachs disease and Sandhoff disease)". */
function bracketedList(tw: TextWords, from: number, start: number, end: number): RelationDecision | null {
  const w = tw.words;
  let open = -1;
  for (let k = start; k > from && open < 0 && !tw.before[k].includes(')'); k--) if (tw.before[k].includes('(')) open = k;
  // The bracket lists members ("(Tay-Sachs disease and ...", "(including ..."), not a use ("(treatment of neutropenia, ...").
  if (open < 0 || neutral(w[open - 1]) || (neutral(w[open]) && !INCLUDING.has(w[open]))) return null;
  let close = end;
  while (close < w.length && !tw.before[close].includes(')')) close++;
  const list = w.slice(open, close).some((x, i) => LIST_WORDS.has(x) || (i > 0 && tw.before[open + i].includes(',')));
  if (!list) return null;
  let head = open - 1;
  while (head > Math.max(from, open - 4) && !neutral(w[head - 1])) head--;
  return { relation: 'narrower', decidedBy: phrase(tw, head, end) };
}

/**
 * What follows the name and makes it one part of the disease (`broader`): "X with <feature>" ("non-small cell lung
 * cancer with MET genomic tumor aberrations"; not "with or without"), "X in patients with ..." ("toxoplasmosis in
 * patients with AIDS"), or a cause ("cardiomyopathy associated with doxorubicin administration"; not the disease's own
 * gene: `ownGenotype` starts right after the cause phrase).
 */
export function qualifiedAfter(tw: TextWords, end: number, to: number, ownGenotype: [number, number] | null): RelationDecision | null {
  const w = tw.words;
  const after = (n: number) => ({ relation: 'broader' as const, decidedBy: phrase(tw, end, Math.min(to, end + n)) });
  if (w[end] === 'with' && w[end + 1] !== 'or' && w.slice(end + 1, Math.min(to, end + 4)).some((x) => !neutral(x))) return after(4);
  if (w[end] === 'in' && w.slice(end + 1, Math.min(to, end + 5)).some((x, i) => GROUP_OPENERS.has(x) && w[end + 2 + i] === 'with'))
    return after(5);
  const cause = CAUSE_MARKERS.find((m) => m.every((x, k) => w[end + k] === x));
  if (cause && end + cause.length < to && ownGenotype?.[0] !== end + cause.length) return after(cause.length + 3);
  return null;
}

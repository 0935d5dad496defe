import type { TextWords } from './link-rules.ts';

/**
 * The clues of LINK_RELATION_RULE that find words restricting nothing (designation-relation.ts): the
 * disease's own words, a lower age bound or every age, every type of the disease, and the disease's own
 * manifestation named as the condition treated. Each reads what the linked disease is through `OwnFacts`.
 */

/** What the relation rules may ask about the linked disease itself. */
export interface OwnFacts {
  /** A word of the disease's own names, or a word of heredity ("congenital", "familial") for a disease Mondo places under hereditary disease. */
  ownWord?: (word: string) => boolean;
  /** True when the words (lower case, in text order) name a manifestation the disease's own facts give it. */
  ownManifestation?: (words: readonly string[]) => boolean;
  /** The type numbers of the disease's subtypes, in Arabic figures ("1", "2", "3" for Gaucher disease). */
  subtypeNumbers?: ReadonlySet<string>;
}

/** Words of the disease's own course: a treatment of its episodes or symptoms treats the disease. */
export const EPISODE_WORDS = new Set(
  'attack attacks episode episodes symptom symptoms sign signs manifestation manifestations bleed bleeds bleeding acute recurrent similar chronic persistent'.split(
    ' ',
  ),
);

const ROMAN: Record<string, string> = { i: '1', ii: '2', iii: '3', iv: '4', v: '5', vi: '6', vii: '7', viii: '8', ix: '9', x: '10' };
/** A type designator in Arabic figures ("iii" and "3" are "3", "3a" is "3"); null for another word. */
function typeNumber(word: string): string | null {
  const m = /^(\d{1,2}|[ivx]{1,4})[a-d]?$/.exec(word);
  return m ? (ROMAN[m[1]] ?? (/^\d/.test(m[1]) ? m[1] : null)) : null;
}

/** "2 years of age and older", "aged 12 years and over", "6 months or older": a lower age bound, which restricts nothing. */
function lowerAgeBound(w: readonly string[], i: number): number[] {
  const unit = (k: number) => /^(?:years?|months?)$/.test(w[k] ?? '');
  if (!/^\d+$/.test(w[i] ?? '') || !unit(i + 1)) return [];
  let k = i + 2;
  if (w[k] === 'of' && w[k + 1] === 'age') k += 2;
  if ((w[k] === 'and' || w[k] === 'or') && /^(?:older|over|above)$/.test(w[k + 1] ?? '')) {
    const from = w[i - 1] === 'aged' || w[i - 1] === 'age' ? i - 1 : i;
    return Array.from({ length: k + 2 - from }, (_, j) => from + j);
  }
  return [];
}

/** "adult and pediatric patients", "children and adults": every age, which restricts nothing. */
function everyAge(w: readonly string[], i: number): number[] {
  const adult = /^adults?$/;
  const young = /^(?:pediatric|paediatric|children|child|adolescents?)$/;
  const pair = (a: string, b: string) => (adult.test(a) && young.test(b)) || (young.test(a) && adult.test(b));
  return w[i + 1] === 'and' && pair(w[i] ?? '', w[i + 2] ?? '') ? [i, i + 1, i + 2] : [];
}

/** "all subtypes of", "types I, II and III" naming every type of the disease's subtypes: indices of these words. */
function everyType(w: readonly string[], i: number, numbers: ReadonlySet<string> | undefined): number[] {
  if (w[i] === 'all' && /^(?:types|subtypes|forms)$/.test(w[i + 1] ?? '')) return [i, i + 1];
  if (!/^types?$/.test(w[i]) || !numbers || numbers.size < 2) return [];
  const listed = new Set<string>();
  let k = i + 1;
  for (; k < w.length; k++) {
    const n = typeNumber(w[k]);
    if (n) listed.add(n);
    else if (w[k] !== 'and' && w[k] !== 'or') break;
  }
  return [...numbers].every((n) => listed.has(n)) ? Array.from({ length: k - i }, (_, j) => i + j) : [];
}

/** Indices of the words of a clause that restrict nothing about the disease (see OwnFacts). */
export function restrictNothing(tw: TextWords, [from, to]: [number, number], own: OwnFacts): Set<number> {
  const w = tw.words;
  const free = new Set<number>();
  for (let i = from; i < to; i++) {
    for (const j of [...lowerAgeBound(w, i), ...everyAge(w, i), ...everyType(w, i, own.subtypeNumbers)]) free.add(j);
    if (own.ownWord?.(w[i])) free.add(i);
  }
  return free;
}

/**
 * True when the condition a complication clue found (the words between its first word and the patient-group or cause phrase) is the
 * disease's own: words of its course alone ("acute attacks", "similar symptoms", "bleeding episodes"), or a manifestation its facts give it.
 */
export function ownCondition(words: readonly string[], own: OwnFacts): boolean {
  const content = words.filter((x) => !/^(?:of|the|and|or|a|an|to|in|with|its|which|that|occur|occurs|occurring)$/.test(x));
  if (content.length === 0) return false;
  return content.every((x) => EPISODE_WORDS.has(x)) || (own.ownManifestation?.(content) ?? false);
}

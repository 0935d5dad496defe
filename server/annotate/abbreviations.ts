import type { ConceptLexicon } from './loaded-lexicon.ts';
import { tokenAt } from './mention.ts';
import type { Token } from './text-tokens.ts';

/**
 * Short forms in a text: those the text defines ("medullary thyroid carcinoma (MTC)") and those
 * HPO lists (ASD, VSD, IUGR). A defined one means what its long form means there, and nothing if
 * the long form is no term ("Angelman syndrome (AS)" takes AS away from aortic stenosis); one the
 * text does not define counts only when the text's other findings support one of its meanings.
 */

/** A short form the text defines, where its long form ends, and the definition's [start, end). */
export interface Definition {
  short: string;
  longStart: number;
  longEnd: number;
}

const PAREN = /\(([^()\s;,]{2,10})\)/g;
const WORD = /[\p{L}\p{N}]+/gu;

/**
 * Schwartz and Hearst (2003): "long form (SF)" where the characters of SF occur in order in the
 * long form, from its end backwards, the first one starting a word; the long form has at most
 * min(|SF| + 5, 2 |SF|) words.
 */
export function findDefinitions(text: string): Definition[] {
  const out: Definition[] = [];
  for (const m of text.matchAll(PAREN)) {
    const short = m[1];
    if (!/\p{L}/u.test(short) || !/^[\p{L}\p{N}]/u.test(short)) continue;
    const open = m.index;
    const before = text.slice(Math.max(0, open - 200), open);
    const base = open - before.length;
    const words = [...before.matchAll(WORD)];
    const max = Math.min(short.length + 5, short.length * 2);
    const window = words.slice(-max);
    if (window.length === 0) continue;
    const from = window[0].index + base;
    const longStart = matchLongForm(short, text, from, open);
    if (longStart < 0) continue;
    let longEnd = open;
    while (longEnd > longStart && /\s/.test(text[longEnd - 1])) longEnd--;
    out.push({ short, longStart, longEnd });
  }
  return out;
}

/** The start of the long form of `short` in text[from, to), or -1 (Schwartz and Hearst's findBestLongForm). */
function matchLongForm(short: string, text: string, from: number, to: number): number {
  const s = short.toLowerCase();
  const l = text.slice(from, to).toLowerCase();
  let si = s.length - 1;
  let li = l.length - 1;
  while (si >= 0) {
    const c = s[si];
    if (!/[\p{L}\p{N}]/u.test(c)) {
      si--;
      continue;
    }
    while (li >= 0 && (l[li] !== c || (si === 0 && li > 0 && /[\p{L}\p{N}]/u.test(l[li - 1])))) li--;
    if (li < 0) return -1;
    li--;
    si--;
  }
  // The long form starts at the word holding the first character.
  const at = l.lastIndexOf(' ', li + 1) + 1;
  return from + at;
}

/** Where a short form is written as a word of its own, case as given. */
export function occurrences(text: string, short: string): number[] {
  const out: number[] = [];
  for (let at = text.indexOf(short); at !== -1; at = text.indexOf(short, at + short.length)) {
    const before = at > 0 ? text[at - 1] : ' ';
    const after = at + short.length < text.length ? text[at + short.length] : ' ';
    if (!/[\p{L}\p{N}]/u.test(before) && !/[\p{L}\p{N}]/u.test(after)) out.push(at);
  }
  return out;
}

const SHORT_WORD = /[\p{L}\p{N}][\p{L}\p{N}-]*[\p{L}\p{N}]/gu;

/** The lexicon's short forms written in the text: [start, short form]. */
export function lexiconShortForms(text: string, lexicon: ConceptLexicon): [number, string][] {
  const out: [number, string][] = [];
  for (const m of text.matchAll(SHORT_WORD)) {
    // Short forms have a capital; most words of a text have none.
    if (m[0].length > 20 || !/\p{Lu}/u.test(m[0])) continue;
    if (lexicon.abbreviations.has(m[0])) out.push([m.index, m[0]]);
  }
  return out;
}

/**
 * The meaning of a short form the text does not define: among its terms, the one whose organ
 * system (the branch under Phenotypic abnormality) the most other mentions share, if at least
 * `needed` do; ties go to the first term. Null: the text does not support one.
 */
export function resolveByContext(
  terms: readonly number[],
  branchCounts: Map<number, number>,
  lexicon: ConceptLexicon,
  needed: number,
): number | null {
  let best: number | null = null;
  let bestCount = -1;
  for (const t of terms) {
    const count = branchCounts.get(lexicon.branch[t]) ?? 0;
    if (count > bestCount) [best, bestCount] = [t, count];
  }
  return bestCount >= needed ? best : null;
}

/** A term found as a short form: where, the term, its long form (`matched`), and whether the text defines it. */
export interface ShortFormMention {
  start: number;
  end: number;
  from: number;
  to: number;
  term: number;
  matched: string;
  defined: boolean;
}

/** What a short form's definition is read from: the mentions found by words. */
type Found = { start: number; end: number; term: number };

/** Mentions by short form: those the text defines, then HPO's where `needed` other findings of the organ system support one meaning. */
export function shortFormMentions(
  lexicon: ConceptLexicon,
  text: string,
  tokens: readonly Token[],
  found: readonly Found[],
  needed: number,
): ShortFormMention[] {
  const out: ShortFormMention[] = [];
  const defined = new Map<string, Found | null>();
  for (const d of findDefinitions(text)) {
    if (defined.has(d.short)) continue;
    const named = found.filter((m) => m.end === d.longEnd && m.start >= d.longStart).sort((a, b) => a.start - b.start)[0];
    defined.set(d.short, named ?? null);
  }
  const at = (start: number, short: string, term: number, matched: string, isDefined: boolean) => {
    const from = tokenAt(tokens, start);
    const to = tokenAt(tokens, start + short.length - 1) + 1;
    out.push({ start, end: start + short.length, term, matched, from, to, defined: isDefined });
  };
  for (const [short, named] of defined) {
    if (!named) continue;
    for (const start of occurrences(text, short)) at(start, short, named.term, text.slice(named.start, named.end), true);
  }
  const counts = new Map<number, number>();
  for (const m of found) counts.set(lexicon.branch[m.term], (counts.get(lexicon.branch[m.term]) ?? 0) + 1);
  for (const [start, short] of lexiconShortForms(text, lexicon)) {
    if (defined.has(short)) continue;
    const term = resolveByContext(lexicon.abbreviations.get(short)!, counts, lexicon, needed);
    if (term !== null) at(start, short, term, lexicon.labels[term], false);
  }
  return out;
}

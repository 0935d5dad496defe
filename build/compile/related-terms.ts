import { MODIFIER_WORDS, STOP_WORDS } from '../../server/contract/text/word-forms.ts';

/**
 * Words the data itself uses for one another, learned from the names: when two names or synonyms
 * of one disease differ in a single word at the same place ("kidney cancer" / "renal cancer",
 * "pituitary tumor" / "pituitary neoplasm", "mobius syndrome" / "moebius syndrome"), the two words
 * stand for each other there. A pair found in enough diseases, and in a large enough share of the
 * diseases that use the rarer word, lets a query word meet the other at reduced quality.
 * Antonyms that sit in the same slot of a name (acute/chronic, dominant/recessive) are rare
 * relative to either word's use and fall below the share.
 */

/** Distinct diseases that must show the pair. */
export const MIN_ROWS = 3;
/** Pair count over the number of diseases naming the rarer word. */
export const MIN_SHARE = 0.03;
/** Quality (percent) of a related word: BASE plus up to SHARE_GAIN by share and COUNT_GAIN by count. */
const BASE = 55;
const SHARE_GAIN = 15;
const SHARE_FULL = 0.3;
const COUNT_GAIN = 15;
const COUNT_FULL = 50;

/**
 * A word worth relating: three letters or more, no digits, not a stop word, not a modifier (the
 * modifiers in one slot of a name are as often opposites as equivalents: familial / sporadic,
 * adult / juvenile, primary / secondary).
 */
function relatable(term: string): boolean {
  return term.length >= 3 && !/\d/.test(term) && !STOP_WORDS.has(term) && !MODIFIER_WORDS.has(term);
}

/**
 * Related term pairs over `rowTexts` (per row, its texts as term id sequences), as flat triples
 * [id, other id, quality percent] with id < other id, sorted.
 */
export function relatedTerms(rowTexts: number[][][], words: string[]): number[] {
  const pairRows = new Map<number, number>();
  const termRows = new Map<number, number>();
  const n = words.length;
  for (const texts of rowTexts) {
    const inRow = new Set<number>();
    const pairsInRow = new Set<number>();
    for (const t of texts) for (const w of t) inRow.add(w);
    for (let a = 0; a < texts.length; a++) {
      for (let b = a + 1; b < texts.length; b++) {
        const x = texts[a];
        const y = texts[b];
        if (x.length !== y.length || x.length < 2) continue;
        let at = -1;
        let diffs = 0;
        for (let i = 0; i < x.length && diffs < 2; i++)
          if (x[i] !== y[i]) {
            diffs++;
            at = i;
          }
        if (diffs !== 1 || !relatable(words[x[at]]) || !relatable(words[y[at]])) continue;
        const lo = Math.min(x[at], y[at]);
        const hi = Math.max(x[at], y[at]);
        pairsInRow.add(lo * n + hi);
      }
    }
    for (const p of pairsInRow) pairRows.set(p, (pairRows.get(p) ?? 0) + 1);
    for (const w of inRow) termRows.set(w, (termRows.get(w) ?? 0) + 1);
  }
  const out: number[] = [];
  for (const [p, count] of [...pairRows].sort((a, b) => a[0] - b[0])) {
    if (count < MIN_ROWS) continue;
    const lo = Math.floor(p / n);
    const hi = p % n;
    const share = count / Math.min(termRows.get(lo)!, termRows.get(hi)!);
    if (share < MIN_SHARE) continue;
    const quality = BASE + SHARE_GAIN * Math.min(1, share / SHARE_FULL) + COUNT_GAIN * Math.min(1, count / COUNT_FULL);
    out.push(lo, hi, Math.round(quality));
  }
  return out;
}

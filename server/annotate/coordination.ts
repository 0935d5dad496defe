import type { Token } from './text-tokens.ts';

/**
 * Findings written together: coordinated words that share the words before or after them.
 * "palmar and plantar pits" names Palmar pits and Plantar pits; "cleft lip and palate" Cleft lip
 * and Cleft palate; "renal hypoplasia or agenesis" Renal agenesis too; "genital and nail
 * anomalies" two abnormalities. The ordinary spans find the conjunct next to the shared words;
 * these are the others, each with a gap where the other conjuncts stand.
 */

/** A span with a gap: its token numbers, ascending, and its key. */
export interface GappedSpan {
  tokens: number[];
  key: string;
}

/** What the spans are keyed by: each token's word (a concept form, '' for a joining word), the words and keys the lexicon holds. */
export interface SpanWords {
  word(k: number): string;
  known(word: string): boolean;
  hasKey(key: string): boolean;
  maxWords: number;
}

/** Single-word conjuncts of one list, and whether a conjunction ("and", "or", "/") joins them. */
function conjunctsAt(tokens: readonly Token[], text: (a: Token, b: Token) => string, first: number): number[] {
  const out = [first];
  let joined = false;
  let k = first + 1;
  while (k < tokens.length && tokens[k].sentence === tokens[first].sentence) {
    const gap = text(tokens[k - 1], tokens[k]);
    let next = k;
    let last = false;
    if (tokens[next].word === 'and' || tokens[next].word === 'or') {
      next++;
      if (next < tokens.length && tokens[next].word === 'or') next++;
      // "A, B and C": the conjunct after "and" ends the list.
      joined = last = true;
    } else if (gap.includes('/')) joined = true;
    else if (!gap.includes(',')) break;
    if (next >= tokens.length || tokens[next].concept === '' || next - k > 2) break;
    out.push(next);
    k = next + 1;
    if (last) break;
  }
  // "nail anomalies, and ventricular septal defect": a comma before the only "and" joins clauses, not words.
  const clauses = out.length === 2 && text(tokens[out[1] - 2] ?? tokens[first], tokens[out[1] - 1]).includes(',');
  return joined && out.length >= 2 && !clauses ? out : [];
}

/** The attached words before `from` or after `to` (no punctuation between), at most `max` content words. */
function attached(tokens: readonly Token[], from: number, step: 1 | -1, max: number): number[] {
  const out: number[] = [];
  for (let k = from; k >= 0 && k < tokens.length && out.length < max + 3; k += step) {
    const t = tokens[k];
    if ((step === 1 ? t : tokens[k + 1]).breakBefore) break;
    if (t.word === 'and' || t.word === 'or') break;
    out.push(k);
  }
  return out;
}

/** The gapped spans of a text whose keys the lexicon holds. */
export function coordinatedSpans(tokens: readonly Token[], lexicon: SpanWords, source = ''): GappedSpan[] {
  const text = (a: Token, b: Token) => (source === '' ? (b.breakBefore ? ',' : ' ') : source.slice(a.end, b.start));
  const out: GappedSpan[] = [];
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i].concept === '' || !lexicon.known(lexicon.word(i))) continue;
    const conjuncts = conjunctsAt(tokens, text, i);
    if (conjuncts.length === 0) continue;
    const last = conjuncts[conjuncts.length - 1];
    const after = last + 1 < tokens.length && !tokens[last + 1].breakBefore ? attached(tokens, last + 1, 1, lexicon.maxWords) : [];
    const before = attached(tokens, i - 1, -1, lexicon.maxWords);
    // Shared words after: every conjunct but the last with a prefix of them; before: every one but the first with a suffix.
    for (const c of conjuncts.slice(0, -1)) for (let h = 1; h <= after.length; h++) add(out, lexicon, tokens, [c, ...after.slice(0, h)]);
    for (const c of conjuncts.slice(1))
      for (let m = 1; m <= before.length; m++) add(out, lexicon, tokens, [...before.slice(0, m).reverse(), c]);
    i = last;
  }
  return out;
}

function add(out: GappedSpan[], lexicon: SpanWords, tokens: readonly Token[], span: number[]): void {
  const words = span.filter((k) => tokens[k].concept !== '').map((k) => lexicon.word(k));
  if (words.length < 2 || !words.every((w) => lexicon.known(w))) return;
  const key = words.sort().join(' ');
  if (lexicon.hasKey(key)) out.push({ tokens: span, key });
}

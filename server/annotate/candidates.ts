import { shortFormMentions } from './abbreviations.ts';
import type { CandidateIndex, Target } from './candidate-index.ts';
import { coordinatedSpans, type SpanWords } from './coordination.ts';
import { literalWords, type Token } from './text-tokens.ts';

/**
 * Every reading of a text the re-ranker may keep (wide on purpose: the re-ranker decides):
 * - spans: runs of words across joining words, not across punctuation, whose concept key is an
 *   entry's (SPAN) or becomes one when each word stands for its class of equivalents (EQUIVALENT);
 *   nested and overlapping spans all stay;
 * - training mentions: the same for the mention strings of the training documents (TRAINED);
 * - coordinations: "palmar and plantar pits", "eye, ear and skeletal anomalies" (COORDINATION);
 * - bags: every word of a key of two words or more in one phrase of a clause (no punctuation,
 *   "and", "or", "with" between them), in any order ("the thumbs were absent") (BAG);
 * - short forms the text defines, and HPO's own (abbreviations.ts).
 * One candidate per term and set of words; `found` has a bit for each way it was found.
 */

export const FOUND = {
  SPAN: 1,
  EQUIVALENT: 2,
  BAG: 4,
  COORDINATION: 8,
  TRAINED: 16,
  DEFINED_SHORT_FORM: 32,
  HPO_SHORT_FORM: 64,
} as const;

/** The most words between a bag's first and last word. */
export const BAG_SPREAD = 10;

export interface Candidate {
  term: number;
  /** The matched words' token numbers, ascending. */
  tokens: number[];
  /** Token range [from, to) and character range [start, end). */
  from: number;
  to: number;
  start: number;
  end: number;
  /** The best lexicon entry it matched (-1: a training mention or a short form only). */
  entry: number;
  /** FOUND bits. */
  found: number;
  /** Training documents that wrote this key for the term, and that hold its words in a row. */
  trained: number;
  seen: number;
  /** Words written that are the entry's own words (spelling and plural aside). */
  shared: number;
  /** The text matched: the entry's, a training mention's key, or a short form's long form. */
  matched: string;
}

/** The candidates of a text's tokens. */
export function candidates(index: CandidateIndex, tokens: readonly Token[], text: string, shortFormContext: number): Candidate[] {
  const canon = tokens.map((t) => (t.concept === '' ? '' : index.canon(t.concept)));
  const byWords = new Map<string, Candidate>();
  const add = (span: number[], targets: readonly Target[], how: number) => addTargets(index, tokens, span, targets, how, byWords);
  spans(index, tokens, canon, add);
  const words: SpanWords = {
    word: (k) => canon[k],
    known: (w) => index.canonWords.has(w),
    hasKey: (key) => index.byCanonKey.has(key),
    maxWords: index.maxWords,
  };
  for (const span of coordinatedSpans(tokens, words, text)) add(span.tokens, index.byCanonKey.get(span.key)!, FOUND.COORDINATION);
  bags(index, tokens, canon, add);
  const out = [...byWords.values()];
  // A defined short form means what its long form's own words name: readings in a row, the better entry first.
  const kind = (c: Candidate) => (c.entry >= 0 ? index.lexicon.entryKind[c.entry] * 100 - c.shared : 1000);
  const named = out.filter((c) => c.found & FOUND.SPAN).sort((a, b) => a.start - b.start || kind(a) - kind(b));
  for (const s of shortFormMentions(index.lexicon, text, tokens, named, shortFormContext)) {
    const span = Array.from({ length: s.to - s.from }, (_, k) => s.from + k);
    const how = s.defined ? FOUND.DEFINED_SHORT_FORM : FOUND.HPO_SHORT_FORM;
    const c: Candidate = { ...s, tokens: span, entry: -1, found: how, trained: 0, seen: 0, shared: 0 };
    const key = `${s.term} ${span.join(',')}`;
    const same = byWords.get(key);
    if (same) same.found |= how;
    else {
      byWords.set(key, c);
      out.push(c);
    }
  }
  return out;
}

/** Contiguous spans (joining words inside), looked up by their canonical key. */
function spans(
  index: CandidateIndex,
  tokens: readonly Token[],
  canon: readonly string[],
  add: (span: number[], targets: readonly Target[], how: number) => void,
): void {
  const ws: string[] = [];
  const span: number[] = [];
  for (let i = 0; i < tokens.length; i++) {
    if (!index.canonWords.has(canon[i])) continue;
    ws.length = 0;
    span.length = 0;
    let joining = 0;
    for (let j = i; j < tokens.length; j++) {
      if (j > i && tokens[j].breakBefore) break;
      if (tokens[j].concept === '') {
        if (++joining > 3) break;
        continue;
      }
      if (!index.canonWords.has(canon[j]) || ws.length === index.maxWords) break;
      joining = 0;
      ws.push(canon[j]);
      span.push(j);
      const targets = index.byCanonKey.get(ws.length === 1 ? ws[0] : [...ws].sort().join(' '));
      if (targets) add([...span], targets, FOUND.SPAN);
    }
  }
}

/** Keys of two words or more whose words all stand in one clause (a sentence up to a semicolon or colon), not in a row. */
function bags(
  index: CandidateIndex,
  tokens: readonly Token[],
  canon: readonly string[],
  add: (span: number[], targets: readonly Target[], how: number) => void,
): void {
  let start = 0;
  while (start < tokens.length) {
    let end = start + 1;
    while (end < tokens.length && tokens[end].sentence === tokens[start].sentence && !tokens[end].clauseBefore) end++;
    const at = new Map<string, number[]>();
    for (let k = start; k < end; k++) if (canon[k] !== '') (at.get(canon[k]) ?? at.set(canon[k], []).get(canon[k])!).push(k);
    for (const [w, anchors] of at) {
      for (const [key, ws] of index.byRarest.get(w) ?? []) {
        const span = place(ws, at, anchors[0]);
        if (span === null || span[span.length - 1] - span[0] > BAG_SPREAD || !onePhrase(tokens, span)) continue;
        // A run of words (joining words aside) is a span, found already.
        let row = true;
        for (let k = span[0]; k < span[span.length - 1] && row; k++) row = tokens[k + 1].concept === '' || span.includes(k + 1);
        if (!row) add(span, index.byCanonKey.get(key)!, FOUND.BAG);
      }
    }
    start = end;
  }
}

/** Words that join two findings or phrases: a bag's words do not stand on both sides of one ("hypotonia and seizures" is no atonic seizure). */
const BETWEEN_PHRASES = new Set(['and', 'or', 'but', 'with', 'without', 'while', 'whereas', 'nor', 'plus', 'than', 'versus', 'vs']);

/** Whether a bag's words stand in one phrase: no punctuation and no joining word of findings between the first and the last. */
function onePhrase(tokens: readonly Token[], span: readonly number[]): boolean {
  for (let k = span[0] + 1; k <= span[span.length - 1]; k++) if (tokens[k].breakBefore || BETWEEN_PHRASES.has(tokens[k].word)) return false;
  return true;
}

/** Token numbers for each of a key's words, nearest the anchor, each used once; null when one is missing. */
function place(ws: readonly string[], at: Map<string, number[]>, anchor: number): number[] | null {
  const used = new Set<number>();
  for (const w of ws) {
    let best = -1;
    for (const k of at.get(w) ?? []) if (!used.has(k) && (best < 0 || Math.abs(k - anchor) < Math.abs(best - anchor))) best = k;
    if (best < 0) return null;
    used.add(best);
  }
  return [...used].sort((a, b) => a - b);
}

/**
 * One candidate per term a span names: the target whose own key is the span's (not only through
 * equivalents) first, then the better entry kind, then the most words shared with the text as
 * written; merged with a candidate of the same term and words found another way.
 */
function addTargets(
  index: CandidateIndex,
  tokens: readonly Token[],
  span: number[],
  targets: readonly Target[],
  how: number,
  byWords: Map<string, Candidate>,
): void {
  const lexicon = index.lexicon;
  const exactKey = span
    .map((k) => tokens[k].concept)
    .sort()
    .join(' ');
  const written = span.map((k) => tokens[k].literal);
  const best = new Map<number, { c: Candidate; rank: number }>();
  for (const t of targets) {
    const exact = t.entry >= 0 ? lexicon.entryKey[t.entry] === exactKey : t.trained > 0;
    const own = t.entry >= 0 ? literalWords(lexicon.entryText[t.entry]) : null;
    const shared = own === null ? 0 : written.filter((w) => own.has(w)).length;
    const kind = t.entry >= 0 ? lexicon.entryKind[t.entry] : 6;
    const rank = (exact ? 0 : 1000) + kind * 100 - shared;
    const found = (how === FOUND.SPAN && !exact ? FOUND.EQUIVALENT : how) | (t.trained > 0 ? FOUND.TRAINED : 0);
    const prev = best.get(t.term);
    if (prev) {
      prev.c.trained = Math.max(prev.c.trained, t.trained);
      prev.c.seen = Math.max(prev.c.seen, t.seen);
      prev.c.found |= found;
      if (rank >= prev.rank) continue;
    }
    const c: Candidate = {
      term: t.term,
      tokens: span,
      from: span[0],
      to: span[span.length - 1] + 1,
      start: tokens[span[0]].start,
      end: tokens[span[span.length - 1]].end,
      entry: t.entry,
      found: found | (prev?.c.found ?? 0),
      trained: Math.max(t.trained, prev?.c.trained ?? 0),
      seen: Math.max(t.seen, prev?.c.seen ?? 0),
      shared,
      matched: t.entry >= 0 ? lexicon.entryText[t.entry] : exactKey,
    };
    best.set(t.term, { c, rank });
  }
  for (const { c } of best.values()) {
    const key = `${c.term} ${span.join(',')}`;
    const same = byWords.get(key);
    if (!same) {
      byWords.set(key, c);
      continue;
    }
    same.found |= c.found;
    same.trained = Math.max(same.trained, c.trained);
    same.seen = Math.max(same.seen, c.seen);
    if (same.entry < 0 && c.entry >= 0) [same.entry, same.shared, same.matched] = [c.entry, c.shared, c.matched];
  }
}

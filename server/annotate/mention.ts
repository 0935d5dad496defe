import type { ENTRY_KINDS } from '../contract/snapshot/concept-lexicon.ts';
import type { Cue } from './context-cues.ts';
import type { Token } from './text-tokens.ts';

/** One recognised mention of a term. */
export interface Mention {
  start: number;
  end: number;
  term: number;
  /** How it was found: the entry kind of its text, a short form (`abbreviation`), or a mention string of the training documents (`training`). */
  via: (typeof ENTRY_KINDS)[number] | 'abbreviation' | 'training';
  /** The lexicon text it matched (a label, a synonym, the short form's long form, or the training mention's words). */
  matched: string;
  /** The re-ranker's probability that the mention names a finding of the text (1 for a recogniser without one). */
  confidence: number;
  negated: boolean;
  uncertain: boolean;
  family: boolean;
  /** The cues that apply, as [kind, start, end] in the text. */
  cues: [Cue['kind'], number, number][];
  /** Token range (internal). */
  from: number;
  to: number;
  /** A coordinated mention, with other words in its range (internal): it holds no mention within it. */
  gap: boolean;
}

/** A mention before its sentence is read (no cues yet). */
export function newMention(found: Pick<Mention, 'start' | 'end' | 'term' | 'via' | 'matched' | 'from' | 'to' | 'gap'>): Mention {
  return { ...found, negated: false, uncertain: false, family: false, cues: [], confidence: 1 };
}

/** The numbers from..to-1. */
export function range(from: number, to: number): number[] {
  return Array.from({ length: to - from }, (_, k) => from + k);
}

/** The token that holds character `offset` (or the next one). */
export function tokenAt(tokens: readonly Token[], offset: number): number {
  let lo = 0;
  let hi = tokens.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (tokens[mid].end <= offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

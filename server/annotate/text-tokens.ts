import { ParseEnglish } from 'parse-english';
import { conceptWord, JOINING_WORDS } from '../contract/text/concept-words.ts';
import { normalizeWithMap, tokenize as words } from '../contract/text/normalize.ts';
import { termOf } from '../contract/text/word-forms.ts';

/** One word of a text: where it is, how it was written, its normalized and concept forms. */
export interface Token {
  start: number;
  end: number;
  /** The normalized word (normalize.ts): lower case, no diacritics. */
  word: string;
  /** conceptWord() of it; '' for a joining word ("of", "the"). */
  concept: string;
  /** termOf() of it (singular, American spelling), '' for a joining word: the word as written, less its inflection. */
  literal: string;
  /** Punctuation before it that a term's words do not run across (a comma, a bracket, a full stop). */
  breakBefore: boolean;
  /** A semicolon or colon before it: a cue's scope does not run across it. */
  clauseBefore: boolean;
  /** The sentence it is in (0-based). */
  sentence: number;
}

/** Between two words of one term only spaces, hyphens, slashes and apostrophes may stand. */
const BREAK = /[^\s\-/'\u2010-\u2015\u2019]/;

const parser = new ParseEnglish();

/** conceptWord() of recent words: a text repeats its words, and a stem costs more than a lookup. */
const memo = new Map<string, string>();
const MEMO_MAX = 50_000;

function conceptOf(word: string, prev: string | undefined): string {
  // The word before matters only to roman numerals ("type I"): those are not kept.
  if (prev !== undefined && word.length <= 5) return conceptWord(word, prev);
  let c = memo.get(word);
  if (c === undefined) {
    if (memo.size >= MEMO_MAX) memo.clear();
    memo.set(word, (c = conceptWord(word)));
  }
  return c;
}

/**
 * The sentences of a text as [start, end) ranges, by parse-english, which knows what a full stop
 * inside a sentence looks like (decimals "2.5 cm", initials, "e.g.", "Dr."), where a hand-written
 * rule of "full stop, space, capital" cuts there. Line breaks end a sentence too (headings, lists).
 */
export function sentenceRanges(text: string): [number, number][] {
  const out: [number, number][] = [];
  for (const paragraph of parser.parse(text).children) {
    if (paragraph.type !== 'ParagraphNode') continue;
    for (const s of paragraph.children) {
      if (s.type !== 'SentenceNode' || !s.position) continue;
      const start = s.position.start.offset ?? 0;
      const end = s.position.end.offset ?? start;
      // parse-english keeps a single line break inside a sentence; a list or a heading ends there.
      let from = start;
      for (let i = text.indexOf('\n', start); i !== -1 && i < end; i = text.indexOf('\n', i + 1)) {
        if (i > from) out.push([from, i]);
        from = i + 1;
      }
      if (end > from) out.push([from, end]);
    }
  }
  return out;
}

/** The words of `text` with their offsets, concept forms, breaks and sentences. */
export function tokenize(text: string): Token[] {
  const { text: norm, starts, ends } = normalizeWithMap(text);
  const sentences = sentenceRanges(text);
  const tokens: Token[] = [];
  let s = 0;
  let offset = 0;
  let prevWord: string | undefined;
  for (const word of norm === '' ? [] : norm.split(' ')) {
    const start = starts[offset];
    const end = ends[offset + word.length - 1];
    offset += word.length + 1;
    while (s < sentences.length - 1 && start >= sentences[s][1]) s++;
    const prev = tokens[tokens.length - 1];
    const gap = prev === undefined ? '' : text.slice(prev.end, start);
    const breakBefore = prev === undefined || prev.sentence !== s || BREAK.test(gap);
    const concept = conceptOf(word, prevWord);
    tokens.push({
      start,
      end,
      word,
      concept,
      literal: concept === '' ? '' : termOf(word, prevWord),
      breakBefore,
      clauseBefore: /[;:]/.test(gap),
      sentence: s,
    });
    prevWord = word;
  }
  return tokens;
}

const literalMemo = new Map<string, Set<string>>();

/** The termOf() forms of a lexicon text's words, joining words left out (kept per text). */
export function literalWords(text: string): Set<string> {
  let set = literalMemo.get(text);
  if (set === undefined) {
    const ws = words(text);
    set = new Set(ws.filter((w) => !JOINING_WORDS.has(w)).map((w, i) => termOf(w, i > 0 ? ws[i - 1] : undefined)));
    if (literalMemo.size >= MEMO_MAX) literalMemo.clear();
    literalMemo.set(text, set);
  }
  return set;
}

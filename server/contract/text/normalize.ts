/**
 * The one text normalization of search: the index and the query both go through it, so a word
 * matches exactly when the two foldings agree. It works one code point at a time so that every
 * normalized character can be traced back to the original text (highlight spans).
 */

/** Removed outright, so "Crohn's" and "Crohns" are one word. */
const APOSTROPHES = new Set(["'", '\u2019', '\u2018', '\u02BC', '`']);
const MARK = /\p{M}/gu;
const WORD_CHAR = /[\p{L}\p{N}]/u;
const IS_MARK = /^\p{M}$/u;
// biome-ignore lint/suspicious/noControlCharactersInRegex: the test is for the whole ASCII range, controls included
const ASCII_ONLY = /^[\x00-\x7f]*$/;
const ASCII_DROPPED = /['`]/g;
const ASCII_BREAKS = /[^a-z0-9]+/g;

/** ASCII folds are precomputed: nearly all disease text is ASCII. */
const ASCII: string[] = Array.from({ length: 128 }, (_, c) => {
  const ch = String.fromCharCode(c);
  if (APOSTROPHES.has(ch)) return '';
  return /[A-Za-z0-9]/.test(ch) ? ch.toLowerCase() : ' ';
});
const folded = new Map<string, string>();
/**
 * Greek letters are spelled out as separate words, the way names written in ASCII have them:
 * "β-thalassemia" is "beta thalassemia", "IL-1α" is "il 1 alpha".
 */
const GREEK =
  'alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho sigma sigma tau upsilon phi chi psi omega'.split(
    ' ',
  );
const GREEK_FIRST = 0x3b1; // α; the final sigma ς (U+03C2) has its own place before σ

/** Fold one code point: '' (dropped), or letters/digits with ' ' standing for a separator. */
function foldCodePoint(cp: string): string {
  const code = cp.charCodeAt(0);
  if (code < 128) return ASCII[code];
  let out = folded.get(cp);
  if (out !== undefined) return out;
  if (APOSTROPHES.has(cp)) out = '';
  else {
    // Lower-casing can itself produce marks (U+0130 -> "i" + U+0307), so strip after it too.
    const base = cp.normalize('NFKD').replace(MARK, '').toLowerCase().replace(MARK, '');
    out = '';
    for (const ch of base) {
      const greek = ch.charCodeAt(0) - GREEK_FIRST;
      if (ch.length === 1 && greek >= 0 && greek < GREEK.length) out += ` ${GREEK[greek]} `;
      else out += WORD_CHAR.test(ch) ? ch : ' ';
    }
  }
  folded.set(cp, out);
  return out;
}

/** A normalized text with, per normalized UTF-16 unit, the original [start, end) it came from. */
export interface MappedText {
  text: string;
  starts: number[];
  ends: number[];
}

/**
 * Normalize `text` and keep the offset map back to the original. Combining marks that fold to
 * nothing are absorbed into the preceding character's span, so a decomposed "o\u0308" is one unit.
 */
export function normalizeWithMap(text: string): MappedText {
  let out = '';
  const starts: number[] = [];
  const ends: number[] = [];
  let pendingSpace = false;
  let i = 0;
  for (const cp of text) {
    const start = i;
    i += cp.length;
    const piece = foldCodePoint(cp);
    if (piece === '') {
      if (ends.length > 0 && ends[ends.length - 1] === start && IS_MARK.test(cp)) ends[ends.length - 1] = i;
      continue;
    }
    for (const ch of piece) {
      if (ch === ' ') {
        pendingSpace = out.length > 0;
        continue;
      }
      if (pendingSpace) {
        out += ' ';
        starts.push(start);
        ends.push(start);
        pendingSpace = false;
      }
      for (let u = 0; u < ch.length; u++) {
        starts.push(start);
        ends.push(i);
      }
      out += ch;
    }
  }
  return { text: out, starts, ends };
}

/**
 * NFKD, diacritics stripped, lower case, apostrophes removed, every other non-letter/digit
 * (hyphen and slash included) a word break, single spaces, no leading or trailing space.
 */
export function normalize(text: string): string {
  // Same result as the loop below, for ASCII text (nearly all of it) at a fraction of the cost.
  if (ASCII_ONLY.test(text)) return text.toLowerCase().replace(ASCII_DROPPED, '').replace(ASCII_BREAKS, ' ').trim();
  let out = '';
  let pendingSpace = false;
  for (const cp of text) {
    const piece = foldCodePoint(cp);
    for (const ch of piece) {
      if (ch === ' ') {
        pendingSpace = out.length > 0;
        continue;
      }
      if (pendingSpace) {
        out += ' ';
        pendingSpace = false;
      }
      out += ch;
    }
  }
  return out;
}

/** The words of `text` after normalize(); [] when it has none. */
export function tokenize(text: string): string[] {
  const n = normalize(text);
  return n === '' ? [] : n.split(' ');
}

/** One word of an original text: its normalized form and where it starts in normalize()'s output. */
export interface MappedWord {
  word: string;
  offset: number;
}

/** The words of a normalized text with their offsets in it (for mapping spans back). */
export function wordsWithOffsets(normalized: string): MappedWord[] {
  const words: MappedWord[] = [];
  let offset = 0;
  for (const word of normalized === '' ? [] : normalized.split(' ')) {
    words.push({ word, offset });
    offset += word.length + 1;
  }
  return words;
}

const BRACKETS = /([()[\]{}])/;

/**
 * Per word of tokenize(text), whether it stands inside brackets: "(G6PD)", "[ambiguous]". Such
 * words restate or qualify the rest (an abbreviation, a source's tag), so ranking weighs them less.
 */
export function bracketedWords(text: string): boolean[] {
  const out: boolean[] = [];
  let depth = 0;
  for (const part of text.split(BRACKETS)) {
    if (part === '(' || part === '[' || part === '{') depth++;
    else if (part === ')' || part === ']' || part === '}') depth = Math.max(0, depth - 1);
    else for (const _ of tokenize(part)) out.push(depth > 0);
  }
  return out;
}

import type { ListingRow } from '../../server/contract/snapshot/listing-row.ts';
import { spreadRows } from './snapshot-source.ts';

/** Words of a name as a user would type them: lower case, split on spaces. */
function wordsOf(name: string): string[] {
  return name.toLowerCase().split(/\s+/).filter(Boolean);
}

/**
 * The typo of swapping two neighbouring letters, in the longest word, away from its first letter
 * (people rarely get that wrong); null when the word has no pair of different neighbours there.
 */
export function swapLetters(text: string, n: number): string | null {
  const words = text.split(' ');
  const i = words.reduce((best, w, k) => (w.length > words[best].length ? k : best), 0);
  const w = words[i];
  if (w.length < 5) return null;
  for (let k = 0; k < w.length - 2; k++) {
    const at = 1 + ((n + k) % (w.length - 2));
    if (w[at] !== w[at + 1] && /\p{L}/u.test(w[at]) && /\p{L}/u.test(w[at + 1])) {
      words[i] = w.slice(0, at) + w[at + 1] + w[at] + w.slice(at + 2);
      return words.join(' ');
    }
  }
  return null;
}

/**
 * Query families drawn from real disease names, the same on every run: the first one, two and
 * three words of `count` names spread over the listing (names with fewer words are left out of
 * the longer families), and the two-word queries with one letter swap.
 */
export function queryFamilies(rows: ListingRow[], count = 200): Record<string, string[]> {
  const words = spreadRows(rows, count).map((r) => wordsOf(r.name));
  const first = (n: number) => words.filter((w) => w.length >= n).map((w) => w.slice(0, n).join(' '));
  return {
    'one word': first(1),
    'two words': first(2),
    'three words': first(3),
    'misspelling (2 words, 2 letters swapped)': first(2)
      .map((q, n) => swapLetters(q, n))
      .filter((q): q is string => q !== null),
  };
}

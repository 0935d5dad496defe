import stem from 'wink-porter2-stemmer';
import { termOf } from './word-forms.ts';

/**
 * The concept form of a word, for recognising HPO terms in free text (server/annotate/): the build
 * keys every label and synonym of the concept lexicon with it and the recogniser keys the words of
 * a text with it, so both sides must go through this one function. A change to it changes
 * CONCEPT_WORDS_VERSION, which the lexicon records (an index keyed by other rules is refused).
 *
 * Three steps, each folding more:
 * - termOf() (word-forms.ts): British to American spelling, plural to singular, roman numerals;
 * - the Porter2 (Snowball English) stemmer, for inflection and ordinary derivation (enlarged,
 *   enlargement; abnormal, abnormality; deafness, deaf);
 * - medical adjective and noun endings the stemmer leaves apart, so that "hypoplastic" meets
 *   "hypoplasia", "stenotic" "stenosis", "microcephalic" "microcephaly", "radial" "radius" and
 *   "vertebral" "vertebra". Each ending is cut only when at least MIN_ROOT letters stay.
 * Before them, words for an abnormality in general become one, and organ adjectives their noun.
 */
export const CONCEPT_WORDS_VERSION = 3;

const MIN_ROOT = 4;
/** Endings cut after stemming, longest first: [ending, replacement]. */
const ENDINGS: [string, string][] = [
  ['plasia', 'plas'],
  ['plast', 'plas'],
  ['osi', 'o'],
  ['ot', 'o'],
  ['ia', ''],
  ['ic', ''],
  ['al', ''],
  ['us', ''],
  ['um', ''],
  ['i', ''],
  ['a', ''],
  ['e', ''],
];

/**
 * Words that name an abnormality in general: one concept, so that "ear malformations", "anomalies
 * of the ear" and "Abnormality of the ear" meet. Given as normalized words.
 */
const ABNORMALITY = new Set(
  'abnormal abnormality abnormalities abnormally anomaly anomalies anomalous malformation malformations malformed defect defects defective deformity deformities deformed disorder disorders'.split(
    ' ',
  ),
);
/** Words that add nothing to "abnormal": "Abnormal heart morphology" is a heart anomaly. */
const NOTHING_MORE = new Set(['morphology', 'morphologic', 'morphological', 'system']);
/**
 * Latin and Greek adjectives of organs to the English noun HPO also uses ("renal agenesis" is
 * "kidney agenesis", "cardiac defect" an abnormality of the heart).
 */
const ORGAN_ADJECTIVES = new Map<string, string>(
  Object.entries({
    cardiac: 'heart',
    renal: 'kidney',
    hepatic: 'liver',
    pulmonary: 'lung',
    cerebral: 'brain',
    cutaneous: 'skin',
    dermal: 'skin',
    ocular: 'eye',
    ophthalmic: 'eye',
    ophthalmologic: 'eye',
    ophthalmological: 'eye',
    otic: 'ear',
    aural: 'ear',
    nasal: 'nose',
    oral: 'mouth',
    dental: 'tooth',
    teeth: 'tooth',
    gastric: 'stomach',
    labial: 'lip',
    lingual: 'tongue',
    osseous: 'bone',
    neurologic: 'nervous',
    neurological: 'nervous',
  }),
);

/**
 * Words that join the words of a term and say nothing of it: skipped on both sides ("hypoplasia of
 * the radius"). Not "and" and "or", which join two findings ("seizures and hypotonia" is no
 * hypotonic seizure), nor "a", a letter of names ("type A brachydactyly").
 */
export const JOINING_WORDS: ReadonlySet<string> = new Set(['the', 'of', 'in', 'on', 'at', 'to', 'by', 'for', 'from', 'into']);

/** The concept form of one normalized word (normalize.ts), '' for a joining word; `prev` is the normalized word before it. */
export function conceptWord(word: string, prev?: string): string {
  if (JOINING_WORDS.has(word) || NOTHING_MORE.has(word)) return '';
  if (ABNORMALITY.has(word)) return 'abnorm';
  const term = termOf(word, prev);
  const organ = ORGAN_ADJECTIVES.get(term);
  if (organ !== undefined) return organ;
  if (term.length <= 3 || /\d/.test(term)) return term;
  // Porter2 takes -itis away ("thyroiditis" would be "thyroid"): an inflammation keeps its name.
  if (term.endsWith('itis')) return term.slice(0, -2);
  let s = stem(term);
  // Twice at most: "microcephaly" is "microcephali", then "microcephal"; "microcephalic" "microcephal".
  for (let round = 0; round < 2; round++) {
    const cut = cutEnding(s);
    if (cut === s) break;
    s = cut;
  }
  return s;
}

/** `s` without its first fitting ending (ENDINGS), or `s` when none fits or too little would stay. */
function cutEnding(s: string): string {
  for (const [ending, replacement] of ENDINGS) {
    if (!s.endsWith(ending)) continue;
    const root = s.slice(0, s.length - ending.length) + replacement;
    // The first ending that fits decides: "mania" keeps its -ia rather than lose its -a and meet "many".
    return root.length >= MIN_ROOT ? root : s;
  }
  return s;
}

/** The key of a list of concept words: the content words (not ''), sorted, joined by spaces; '' when none. */
export function conceptKey(words: readonly string[]): string {
  return words
    .filter((w) => w !== '')
    .sort()
    .join(' ');
}

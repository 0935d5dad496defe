/**
 * Word-level rules for finding disease names inside free text (FDA designations and labeled
 * indications), beside the normalization of name-index.ts: which words a match may start or end
 * on (hyphenated compounds), subtype designators after a name ("IIIA", "type 3"), and one-word
 * synonyms that only qualify another noun. See LINKING_RULES.
 */

/** The words of a text as normalizeName splits them, with their original spelling and separators. */
export interface TextWords {
  /** Lower-case words, exactly `normalizeName(text).split(' ')`. */
  words: string[];
  /** The same words as written (case kept). */
  original: string[];
  /** `before[i]`: the characters between word i-1 and word i as written ('' for the first word). */
  before: string[];
}

/**
 * Split a text into words the way normalizeName does (diacritics stripped, "'s" dropped, every
 * run of other characters a break), keeping each word's spelling and the separators.
 */
export function splitWords(text: string): TextWords {
  const plain = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/['’][sS]\b/g, '');
  const original: string[] = [];
  const before: string[] = [];
  let sep = '';
  for (const part of plain.split(/([^A-Za-z0-9]+)/)) {
    if (part === '') continue;
    if (/^[A-Za-z0-9]+$/.test(part)) {
      original.push(part);
      before.push(original.length === 1 ? '' : sep);
      sep = '';
    } else sep = part;
  }
  return { words: original.map((w) => w.toLowerCase()), original, before };
}

/** True when words i-1 and i are parts of one hyphenated compound ("leukemia-lymphoma", "non-Hodgkin"). */
export function hyphenJoined(tw: TextWords, i: number): boolean {
  return i > 0 && i < tw.words.length && /^[-\u2010\u2011]$/.test(tw.before[i]);
}

/** Second parts of a compound that keep its first part a disease name: "sickle cell disease-associated", "AAT deficiency-mediated". */
const RELATIONAL_SUFFIXES = new Set(['associated', 'related', 'mediated', 'induced', 'driven', 'type']);
/** First parts of a compound that change what the rest names: "post-essential thrombocythemia" is not essential thrombocythemia. */
const BOUND_PREFIXES = new Set(['non', 'post', 'pre', 'pseudo', 'para', 'anti', 'semi', 'quasi']);

/**
 * A match over words [start, end) that ends inside a hyphenated compound names a part of another
 * word ("acute T-cell leukemia" in "acute T-cell leukemia-lymphoma"), unless the compound goes on
 * with "-associated", "-related", "-mediated", "-induced", "-driven", "-type" or a subtype designator
 * ("mucopolysaccharidosis-I", resolved by the subtype rule). One that starts inside a compound
 * does when the first part is a prefix that changes the meaning ("post-", "pseudo-", "non-", ...)
 * or is itself a disease name (`isName`: "lymphoma" in "leukemia-lymphoma"); other first parts
 * only qualify it ("multi-drug resistant tuberculosis", "EBV-post transplant lymphoproliferative
 * disease", "B-chronic lymphocytic leukemia").
 */
export function splitsCompound(tw: TextWords, start: number, end: number, isName: (word: string) => boolean): boolean {
  if (hyphenJoined(tw, start) && (BOUND_PREFIXES.has(tw.words[start - 1]) || isName(tw.words[start - 1]))) return true;
  if (!hyphenJoined(tw, end)) return false;
  return !RELATIONAL_SUFFIXES.has(tw.words[end]) && parseDesignator(tw, end) === null;
}

const ROMAN: Record<string, number> = {
  I: 1,
  II: 2,
  III: 3,
  IV: 4,
  V: 5,
  VI: 6,
  VII: 7,
  VIII: 8,
  IX: 9,
  X: 10,
  XI: 11,
  XII: 12,
  XIII: 13,
  XIV: 14,
  XV: 15,
};
const ROMAN_OF = Object.fromEntries(Object.entries(ROMAN).map(([r, n]) => [n, r.toLowerCase()]));

/** A subtype designator after a name: its number, optional letter, and how many words it takes. */
export interface Designator {
  number: number;
  letter: string;
  length: number;
}

/**
 * The subtype designator starting at word `at`, if any: "type"/"subtype" then a number; or a
 * Roman numeral written in capitals ("IIIA", "Ib"; capitals so "i.e." and "if" are not numerals);
 * or an Arabic number of one or two digits; each with an optional letter a-e ("3A", "IIIa").
 */
export function parseDesignator(tw: TextWords, at: number): Designator | null {
  const word = tw.original[at];
  // After the name with a space, comma or hyphen only: "(0 through 16 years of age)" and "(X-CGD)" designate nothing.
  if (word === undefined || !/^[\s,\-\u2010\u2011]+$/.test(tw.before[at])) return null;
  if (/^(?:type|subtype)$/i.test(word)) {
    const next = tw.original[at + 1] === undefined ? null : numeral(tw, at + 1, false);
    return next && { ...next, length: 2 };
  }
  const own = numeral(tw, at, true);
  return own && { ...own, length: 1 };
}

/** The next designator of a list at word `at` (", II", " and VI", "/3B"), or null. */
export function listedDesignator(tw: TextWords, at: number): Designator | null {
  const conj = tw.words[at] === 'and' || tw.words[at] === 'or';
  if (!conj && !/^\s*[,/]\s*$/.test(tw.before[at] ?? '')) return null;
  const d = parseDesignator(tw, conj ? at + 1 : at);
  // A bare designator only: "type 2" after "and" starts a new phrase ("... type I and type 2 diabetes" is not a list here).
  return d && d.length === 1 ? d : null;
}

/** Words after a number that make it a quantity or a range. */
const QUANTITY_WORDS = new Set([
  'years',
  'year',
  'months',
  'month',
  'weeks',
  'week',
  'days',
  'day',
  'hours',
  'kg',
  'mg',
  'g',
  'ml',
  'to',
  'through',
  'percent',
]);

function numeral(tw: TextWords, at: number, romanInCapitals: boolean): Omit<Designator, 'length'> | null {
  const word = tw.original[at];
  const after = tw.before[at + 1];
  // "X-linked" is no numeral; "2. Treatment of ..." numbers a list.
  if (hyphenJoined(tw, at + 1) || (after !== undefined && /^\s*[.)]/.test(after))) return null;
  const arabic = /^(\d{1,2})([a-eA-E])?$/.exec(word);
  if (arabic) {
    // "epilepsy 6 years of age and older": a quantity, not a subtype.
    if (Number(arabic[1]) === 0 || QUANTITY_WORDS.has(tw.words[at + 1] ?? '')) return null;
    return { number: Number(arabic[1]), letter: (arabic[2] ?? '').toLowerCase() };
  }
  const roman = /^([IVXivx]+?)([a-eA-E])?$/.exec(word);
  if (!roman) return null;
  const [, digits, letter = ''] = roman;
  if (romanInCapitals && digits !== digits.toUpperCase()) return null;
  const n = ROMAN[digits.toUpperCase()];
  return n === undefined ? null : { number: n, letter: letter.toLowerCase() };
}

/** Normalized names a subtype of `base` may go by: "base type 3a", "base 3a", "base type iiia", "base iii a", ... */
export function subtypeKeys(base: string, d: Designator): string[] {
  const keys: string[] = [];
  for (const n of [String(d.number), ROMAN_OF[d.number]]) {
    if (n === undefined) continue;
    const forms = d.letter ? [`${n}${d.letter}`, `${n} ${d.letter}`] : [n];
    for (const f of forms) keys.push(`${base} type ${f}`, `${base} ${f}`);
  }
  return keys;
}

/** Adjective endings: a one-word synonym so ending ("lymphomatous") qualifies another noun inside a text. */
const ADJECTIVE = /(?:ous|ic|al|ary)$/;

/**
 * A one-word synonym that is an adjective ("lymphomatous", "pituitary") is not linked from inside a
 * longer text: there it qualifies another noun ("lymphomatous meningitis" is a meningitis).
 */
export function adjectiveSynonym(word: string): boolean {
  return ADJECTIVE.test(word);
}

/** The linking rules in words, for the README and the QC report. */
export const LINKING_RULES =
  'A name found inside a text may not end inside a hyphenated compound word ("acute T-cell leukemia" is not found in ' +
  '"acute T-cell leukemia-lymphoma") unless the compound goes on with "-associated", "-related", "-mediated", "-induced", "-driven", "-type" or a subtype ' +
  'designator, nor start inside one after a prefix that changes its meaning ("post-", "pre-", "pseudo-", "non-", "anti-", ...) or after another ' +
  'disease name ("leukemia-lymphoma"); shorter names inside such a match are not found either. A name followed by a subtype designator ' +
  '(Roman numeral in capitals, Arabic number, or "type"/"subtype" and a number, each with an optional letter a-e, or a list of them) links the ' +
  'subtype class below it whose name or synonym is that name with the designator ("mucopolysaccharidosis IIIA" -> "mucopolysaccharidosis type 3A"); ' +
  'when none exists, or the name is the end of a hyphenated phrase ("heparin-associated thrombocytopenia type II"), the name is not linked: the ' +
  'text designates one subtype, not the whole group. An HGNC approved gene symbol written right before a name links the one class below it ' +
  'that has that causal gene in Mondo ("SCN2A developmental and epileptic encephalopathy" -> developmental and epileptic encephalopathy 11), ' +
  'else the name as found. A one-word synonym that is an adjective ("lymphomatous") is not linked from inside a text.';

/**
 * The index form of a word: one normalized word (normalize.ts) in, one term out, so that the
 * spellings people vary meet. The build indexes terms and the engine looks query words up as
 * terms, so both sides must go through this one function. It never splits or joins words: word
 * positions stay those of the normalized text, which is what highlighting maps back.
 *
 * What it folds, in this order:
 * - British spellings to American (tumour, leukaemia, oesophageal, haemophilia, anaemia,
 *   coeliac, paediatric, sulphite, generalised, centre, grey...);
 * - plurals and possessives to the singular (tumors, deficiencies, mucopolysaccharidoses,
 *   metastases, carcinomata; "Crohn's" is "crohns" after normalize(), then "crohn");
 * - roman numerals to arabic: always from ii to xxxix (except xx and xxx, karyotypes), and the
 *   one-letter i, v and x, or a numeral with a letter suffix (ia, iib), after a word that numbers
 *   things ("type I", "factor V", "type IA");
 * - number words to digits: "one" to "twelve" and "first" to "twelfth" ("the seventh component of
 *   complement" meets "complement component 7").
 */

/** Replaced wherever they occur in a word; each pair is one British spelling and its American form. */
const INFIXES: [string, string][] = [
  ['haem', 'hem'],
  ['aemi', 'emi'],
  ['oesoph', 'esoph'],
  ['oedem', 'edem'],
  ['oestr', 'estr'],
  ['foet', 'fet'],
  ['coeli', 'celi'],
  ['rrhoe', 'rrhe'],
  ['pnoe', 'pne'],
  ['amoeb', 'ameb'],
  ['paed', 'ped'],
  ['gynaec', 'gynec'],
  ['aetiol', 'etiol'],
  ['naev', 'nev'],
  ['anaesth', 'anesth'],
  ['caec', 'cec'],
  ['faec', 'fec'],
  ['leuco', 'leuko'],
  ['leucem', 'leukem'],
  ['sulph', 'sulf'],
  ['caerul', 'cerul'],
];
const INFIX_TEST = new RegExp(INFIXES.map(([from]) => from).join('|'));
/** Whole-word spellings. */
const WORDS = new Map<string, string>([
  ['grey', 'gray'],
  ['ageing', 'aging'],
  ['aluminium', 'aluminum'],
  ['mould', 'mold'],
  ['programme', 'program'],
]);
/** "-our" words whose American form is "-or" (not four, hour, your...). */
const OUR = /^(tum|hum|col|behavi|lab|od|vap|rig|fav|flav|dol|ferv|rum)our(s|al|ed|ing|ous)?$/;
const TRE = /^(cent|fib|lit|met)re(s|d)?$/;
/** -ise/-isation after the endings where they mean -ize (generalised, hospitalisation, sensitised). */
const ISE = /(al|ar|an|un|it|er|on|ur|et|yt)is(e|ed|es|ing|ation|ations)$/;
const YSE = /ys(e|ed|ing)$/;
const OGUE = /(al|ol)ogue(s)?$/;

/** British to American spelling of one word. */
export function americanSpelling(word: string): string {
  const whole = WORDS.get(word);
  if (whole !== undefined) return whole;
  let w = word;
  if (INFIX_TEST.test(w)) for (const [from, to] of INFIXES) if (w.includes(from)) w = w.replaceAll(from, to);
  if (OUR.test(w)) w = w.replace(OUR, '$1or$2');
  else if (TRE.test(w)) w = w.replace(TRE, '$1er$2');
  if (w.length > 5) {
    if (ISE.test(w)) w = w.replace(ISE, '$1iz$2');
    else if (YSE.test(w) && w !== 'yse') w = w.replace(YSE, 'yz$1');
    if (OGUE.test(w)) w = w.replace(OGUE, '$1og$2');
  }
  return w;
}

/** Latin and Greek plurals: [plural ending, singular replacement, shortest word it applies to]. */
const IRREGULAR: [RegExp, string, number][] = [
  [/oses$/, 'osis', 7],
  [/(st|ct)ases$/, '$1asis', 7],
  [/yses$/, 'ysis', 6],
  [/itides$/, 'itis', 8],
  [/omata$/, 'oma', 7],
  [/^(var|append|cerv|matr)ices$/, '$1ix', 7],
  [/^(nev|thromb|embol|calcul|glomerul|bronch)i$/, '$1us', 4],
];

/**
 * The singular of one word, by rules rather than a dictionary (an "s-stemmer" with the Latin and
 * Greek endings of medicine). Words under 4 letters and words with digits are left alone (ALS,
 * MPS, 11s); words ending in ss, us and is are singular (abscess, virus, fibrosis).
 */
export function singular(word: string): string {
  const n = word.length;
  if (n < 4 || /\d/.test(word)) return word;
  for (const [plural, single, min] of IRREGULAR) if (n >= min && plural.test(word)) return word.replace(plural, single);
  if (word.endsWith('ae') && n >= 6) return word.slice(0, -1);
  if (!word.endsWith('s')) return word;
  if (word.endsWith('ss') || word.endsWith('us') || word.endsWith('is')) return word;
  if (word.endsWith('ies') && n >= 5 && !/[ae]ies$/.test(word)) return `${word.slice(0, -3)}y`;
  if (word.endsWith('sses') || word.endsWith('xes') || (word.endsWith('uses') && n >= 7)) return word.slice(0, -2);
  return word.slice(0, -1);
}

const ROMAN_VALUES: Record<string, number> = { i: 1, v: 5, x: 10 };
const ROMAN = /^(x{0,3})(ix|iv|v?i{0,3})([a-e])?$/;
/** Words after which a lone i, v or x (or a numeral with a letter) is a number: "type I", "factor V", "type IA". */
export const NUMBERING_WORDS: ReadonlySet<string> = new Set([
  'type',
  'types',
  'class',
  'group',
  'grade',
  'stage',
  'factor',
  'form',
  'subtype',
  'complex',
  'phase',
  'part',
  'level',
  'degree',
  'variant',
  'collagen',
]);

function romanValue(numeral: string): number {
  let total = 0;
  for (let i = 0; i < numeral.length; i++) {
    const v = ROMAN_VALUES[numeral[i]];
    const next = ROMAN_VALUES[numeral[i + 1]] ?? 0;
    total += v < next ? -v : v;
  }
  return total;
}

/** The arabic form of a roman numeral word, or the word itself; `prev` is the word before it. */
export function arabicNumeral(word: string, prev: string | undefined): string {
  if (word.length > 7 || word === 'xx' || word === 'xxx') return word;
  const m = ROMAN.exec(word);
  if (!m || m[1] + m[2] === '') return word;
  const numeral = m[1] + m[2];
  const numbered = prev !== undefined && NUMBERING_WORDS.has(prev);
  if ((numeral.length === 1 || m[3] !== undefined) && !numbered) return word;
  return String(romanValue(numeral)) + (m[3] ?? '');
}

const NUMBER_WORDS = new Map<string, string>([
  ...'one two three four five six seven eight nine ten eleven twelve'.split(' ').map((w, i): [string, string] => [w, String(i + 1)]),
  ...'first second third fourth fifth sixth seventh eighth ninth tenth eleventh twelfth'
    .split(' ')
    .map((w, i): [string, string] => [w, String(i + 1)]),
]);

/** The index term of normalized word `word`; `prev` is the normalized word before it, if any. */
export function termOf(word: string, prev?: string): string {
  return NUMBER_WORDS.get(word) ?? singular(americanSpelling(arabicNumeral(word, prev)));
}

/** The index terms of a list of normalized words (one term per word, same positions). */
export function termsOf(words: readonly string[]): string[] {
  return words.map((w, i) => termOf(w, i > 0 ? words[i - 1] : undefined));
}

/**
 * Words that say almost nothing about which disease is meant. They still match (and an exact
 * name still needs them), but weigh a small fraction of a content word in ranking. Given as
 * index terms (singular, American).
 */
export const STOP_WORDS: ReadonlySet<string> = new Set([
  'of',
  'the',
  'in',
  'with',
  'and',
  'or',
  'an',
  'to',
  'by',
  'for',
  'on',
  'at',
  'as',
  'from',
  'due',
  'into',
  'its',
  'than',
]);
/** Words common to disease names of every kind: they weigh little more than stop words. */
export const GENERIC_WORDS: ReadonlySet<string> = new Set([
  'disease',
  'disorder',
  'syndrome',
  'deficiency',
  'type',
  'form',
  'condition',
  'illness',
  'defect',
  'abnormality',
  'anomaly',
]);
/**
 * Words that say which form of a disease is meant (how it is inherited, when it starts, how it
 * runs) rather than which disease: a query that has one still finds the disease named without
 * it, and a name that has one is not much more specific for it. Given as index terms.
 */
export const MODIFIER_WORDS: ReadonlySet<string> = new Set([
  'hereditary',
  'inherited',
  'familial',
  'sporadic',
  'congenital',
  'acquired',
  'genetic',
  'classic',
  'classical',
  'typical',
  'atypical',
  'isolated',
  'primary',
  'secondary',
  'idiopathic',
  'progressive',
  'chronic',
  'acute',
  'mild',
  'severe',
  'complete',
  'partial',
  'homozygous',
  'heterozygous',
  'autosomal',
  'dominant',
  'recessive',
  'linked',
  'childhood',
  'juvenile',
  'adult',
  'infantile',
  'neonatal',
  'early',
  'late',
  'onset',
]);

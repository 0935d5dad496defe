/**
 * The words CLASS_NAMING_RULE (class-naming.ts) compares a parent's label with: its content words, and
 * the qualifiers whose opposites make a parent contradict the disease.
 */

/**
 * Words that say what kind of thing a class is, how it is inherited or numbered, at what age, how it runs or how severe it is:
 * a subtype need not repeat them ("Alzheimer disease 13" below "early-onset autosomal dominant Alzheimer disease").
 */
const GENERIC = new Set(
  (
    'disease diseases disorder disorders syndrome syndromes condition conditions form forms type types subtype group cell cells ' +
    'familial hereditary heritable inherited genetic isolated nonsyndromic non syndromic autosomal dominant recessive x y linked ' +
    'early late onset adult juvenile infantile childhood neonatal congenital severe mild moderate classic classical typical atypical ' +
    'intermediate primary spectrum and or of the with without a an in to due related associated'
  ).split(' '),
);
/** A Roman numeral or a single letter: a designator ("type IIIA", "group C"). */
const DESIGNATOR = /^(?:[ivx]+[a-z]?|[a-z])$/;

/** Lower case, plural endings of long words dropped ("dysplasias" and "dysplasia" compare equal). */
function stem(word: string): string {
  return word.length > 4 ? word.replace(/(?:es|s)$/, '') : word;
}

/** The content words of a name or text: no generic word, number or designator; stemmed. */
export function contentWords(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w && !GENERIC.has(w) && !/^\d+[a-z]?$/.test(w) && !DESIGNATOR.test(w))
    .map(stem);
}

/** Words that state what causes a disease: a parent's label with one of them says something the disease's names must also say. */
export const CAUSE_WORDS: ReadonlySet<string> = new Set([
  'idiopathic',
  'acquired',
  'secondary',
  'iatrogenic',
  'traumatic',
  'drug',
  'induced',
]);

/** Qualifiers and their opposites: a parent with one of a pair does not hold a disease named by the other. */
export const OPPOSITE_QUALIFIERS: readonly [string, string][] = [
  ['acute', 'chronic'],
  ['benign', 'malignant'],
  ['congenital', 'acquired'],
  ['hereditary', 'acquired'],
  ['inherited', 'acquired'],
  ['familial', 'sporadic'],
  ['primary', 'secondary'],
  ['idiopathic', 'secondary'],
  ['early', 'late'],
  ['juvenile', 'adult'],
  ['infantile', 'adult'],
  ['syndromic', 'nonsyndromic'],
  ['syndromic', 'isolated'],
  ['dominant', 'recessive'],
  ['localized', 'generalized'],
  ['unilateral', 'bilateral'],
  ['isolated', 'combined'],
];

/** The words of a name as written, lower case; "non-syndromic" is one word, "nonsyndromic". */
function qualifierWords(text: string): Set<string> {
  return new Set(
    text
      .toLowerCase()
      .replace(/\bnon-/g, 'non')
      .split(/[^a-z]+/)
      .filter(Boolean),
  );
}

/** True when a parent's label has one qualifier of a pair (not both) and the disease's label has the other alone. */
export function contradicts(parentName: string, diseaseName: string): boolean {
  const parent = qualifierWords(parentName);
  const own = qualifierWords(diseaseName);
  const one = (w: Set<string>, a: string, b: string) => w.has(a) && !w.has(b);
  return OPPOSITE_QUALIFIERS.some(([a, b]) => (one(parent, a, b) && one(own, b, a)) || (one(parent, b, a) && one(own, a, b)));
}

import type { Synonym } from './record-types.ts';
import { nameWords, synonymKey } from './synonyms.ts';

/**
 * The checks of OTHER_NAME_RULE: a synonym that a source lists without a scope (the Mondo rare list, GARD)
 * and that the record's own facts show is not a name of this disease. Each returns the relation it
 * gives, or null.
 */

export const OTHER_NAME_RULE =
  'A synonym given as a name is shown among "Other names" only when it passes these checks, which read the record\'s own facts; one that ' +
  'fails becomes a related term. `narrower`: it says "subtype" ("CLN5 disease, late infantile (subtype)"), or it is the label with one word ' +
  'that restricts it to a patient group, age, stage or severity ("pediatric Crohn\'s disease"; "infantile" and "neonatal" do not, for ' +
  'diseases that begin then). `related`: it opens with the disease\'s own name followed by "-like" or "like" (another disease resembling ' +
  'it: "Li-Fraumeni-like syndrome"); it is the label of another Mondo class that ' +
  "is neither above nor below the disease and does not list the disease's label among its own names; it is the symbol or a previous symbol " +
  'of one of the disease\'s causal genes written in another case than the symbol ("Wnd", previous symbol WND of ATP7B, under Wilson ' +
  'disease; a symbol in capitals, "DFNB8", is the disease\'s usual short name); or it is broken: another of its names with a word turned into the number that word ' +
  'would be as a Roman numeral ("sarcoma family syndrome of 51 and Fraumeni" beside "... of Li and Fraumeni"), or a sentence rather than a ' +
  'name. Roman and Arabic subtype numerals compare equal when a name is matched to the classes above and below ("type IA", "type 1A").';

/** Words that restrict a disease to one patient group, age, stage or severity: the label plus one of them names a part of it. */
const RESTRICTING = new Set(
  'pediatric paediatric childhood adult adolescent severe mild moderate advanced metastatic relapsed refractory'.split(' '),
);

/** What the checks read of a record besides its synonyms. */
export interface NameFacts {
  id: string;
  label: string;
  /** The classes whose label has these words (nameWords), included classes only. */
  labelOwners: (key: string) => readonly string[];
  /** The classes whose label or a Mondo synonym has these words. */
  nameOwners: (key: string) => readonly string[];
  /** Classes above the record; a class below has the record among its ancestors. */
  ancestors: (id: string) => readonly string[];
  /** Symbols and previous symbols of the record's causal genes, lower case. */
  geneSymbols: ReadonlySet<string>;
}

const lower = (s: string) => s.toLowerCase().replace(/[’']/g, "'");
const words = (s: string) =>
  lower(s)
    .split(/[^\p{L}\p{N}']+/u)
    .filter(Boolean);

/** "(subtype)", ", subtype": the source says it names a subtype. */
function saysSubtype(text: string, label: string): boolean {
  return /\bsubtypes?\b/i.test(text) && !/\bsubtypes?\b/i.test(label);
}

const spaced = (s: string) =>
  lower(s)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** The keys a "-like" name may open with: each name, and each without a last word of kind ("syndrome"), in spaced form. */
export function likeKeys(names: readonly string[]): string[] {
  return names.flatMap((n) => {
    const key = spaced(n);
    return [key, key.replace(/ (?:syndrome|disease|disorder)$/, '')].filter((k) => k.length > 2);
  });
}

/**
 * A text that opens with the label or another name (without a last word of kind: "syndrome") followed by "-like" or "like" and a
 * word of kind or nothing ("Li-Fraumeni-like syndrome"; not "... stroke-like episodes").
 */
function likeOwnName(text: string, keys: readonly string[]): boolean {
  const t = `${spaced(text)} `;
  return keys.some((k) => {
    if (!t.startsWith(`${k} like `)) return false;
    const rest = t.slice(k.length + 6);
    return rest === '' || /^(?:syndrome|disease|disorder) /.test(rest);
  });
}

/** The label and one restricting word ("pediatric Crohn's disease" of "Crohn disease"). */
export function restrictedLabel(text: string, label: string): boolean {
  const stem = (w: string) => w.replace(/'s$/, '');
  const own = new Set(words(label).map(stem));
  const extra = words(text)
    .map(stem)
    .filter((w) => !own.has(w));
  const all = words(text).map(stem);
  return extra.length === 1 && RESTRICTING.has(extra[0]) && [...own].every((w) => all.includes(w));
}

/** The value of a Roman numeral of at most 5 letters, or null. */
function romanValue(word: string): number | null {
  if (!/^[ivxlcdm]{1,5}$/i.test(word)) return null;
  const v: Record<string, number> = { i: 1, v: 5, x: 10, l: 50, c: 100, d: 500, m: 1000 };
  const w = word.toLowerCase();
  let total = 0;
  for (let i = 0; i < w.length; i++) {
    const a = v[w[i]];
    const b = v[w[i + 1]] ?? 0;
    total += a < b ? -a : a;
  }
  return total;
}

/**
 * True when the text is another name of the record with one capitalised word turned into a number: the value that word would have
 * as a Roman numeral ("Li" as 51). A numeral ("type II" or "type ii" beside "type 2") is a true variant, not a broken one.
 */
function brokenNumeral(text: string, names: readonly string[]): boolean {
  const mine = text.split(/\s+/);
  return names.some((n) => {
    const theirs = n.split(/\s+/);
    if (theirs.length !== mine.length || n === text) return false;
    const diff = mine.flatMap((w, i) => (w === theirs[i] ? [] : [i]));
    if (diff.length !== 1) return false;
    const [number, word] = [mine[diff[0]], theirs[diff[0]]];
    return /^\d+$/.test(number) && /^[A-Z][a-z]+$/.test(word) && romanValue(word) === Number(number);
  });
}

/** A sentence placed as a name: an article first and many words, or a full stop after many words. */
function sentence(text: string): boolean {
  const n = text.split(/\s+/).length;
  return (/^(?:a|an|the)\s/i.test(text) && n >= 8) || (/\.\s*$/.test(text) && n >= 12);
}

/** Why a name is not one by OTHER_NAME_RULE: the check that failed and the relation it gives; null when it stays a name. */
export function otherNameCheck(
  s: Synonym,
  facts: NameFacts,
  names: readonly string[],
  keys: readonly string[] = likeKeys(names),
): { check: string; relation: NonNullable<Synonym['relation']> } | null {
  if (saysSubtype(s.text, facts.label)) return { check: 'says subtype', relation: 'narrower' };
  if (restrictedLabel(s.text, facts.label)) return { check: 'label of a patient group', relation: 'narrower' };
  if (likeOwnName(s.text, keys)) return { check: 'like its own name', relation: 'related' };
  // Written as a gene symbol is (DFNB8, SCA14) it is the disease's usual short name; recased ("Wnd" for WND) it is the gene's.
  if (facts.geneSymbols.has(lower(s.text)) && s.text !== s.text.toUpperCase()) return { check: 'symbol of its gene', relation: 'related' };
  if (brokenNumeral(s.text, names) || sentence(s.text)) return { check: 'broken', relation: 'related' };
  const above = facts.ancestors(facts.id);
  // Mondo keeps some diseases twice: a class that lists this one's label among its own names is the same disease.
  const mutual = facts.nameOwners(nameWords(facts.label));
  const other = facts
    .labelOwners(nameWords(s.text))
    .filter((o) => o !== facts.id && !mutual.includes(o) && !above.includes(o) && !facts.ancestors(o).includes(facts.id));
  return other.length > 0 ? { check: 'label of another disease', relation: 'related' } : null;
}

/** The record's synonyms with OTHER_NAME_RULE applied to its names. */
export function checkOtherNames(synonyms: Synonym[], facts: NameFacts): Synonym[] {
  const names = [facts.label, ...synonyms.filter((s) => s.kind === 'name').map((s) => s.text)];
  const keys = likeKeys(names);
  const above = facts.ancestors(facts.id);
  const quick = { ...facts, ancestors: (id: string) => (id === facts.id ? above : facts.ancestors(id)) };
  return synonyms.map((s) => {
    if (s.kind !== 'name' || synonymKey(s.text) === synonymKey(facts.label)) return s;
    const failed = otherNameCheck(s, quick, names, keys);
    return failed === null ? s : { ...s, kind: 'related', relation: failed.relation };
  });
}

import type { Synonym, SynonymRelation, SynonymScope } from './record-types.ts';

/** Case-insensitive identity of a synonym text, ignoring spacing and a trailing period. */
export function synonymKey(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ').replace(/\.$/, '').trim();
}

/**
 * Text patterns of terms that are not names of the disease itself, first match wins. OMIM-style
 * titles ("X, susceptibility to", "X, modifier of", "{X}") and negations ("non-X", "other than X")
 * name a risk, a modifier or another disease.
 */
const TEXT_RULES: [RegExp, SynonymRelation][] = [
  [/\bsusceptib|\bpredisposition\b|^\{.*\}$|, association with\b/i, 'susceptibility'],
  [/\bmodifier\b|\bmodifying\b/i, 'modifier'],
  [/\bresistance\b|\bprotection against\b|\bprotective\b|\breduced risk\b/i, 'resistance'],
  // "non-PKU", "other than X": another entity. "Non-syndromic", "non-Hodgkin" and the like are names, so "non" needs an abbreviation after it.
  [/\bnon-?[A-Z]{2,}\b|\bother than\b|\bexcluding\b/, 'negation'],
];

/** The rule that sorts synonyms into names and related terms, for the OpenAPI description and the README. */
export const SYNONYM_RULE =
  'Each synonym is a `name` of this disease or a `related` term. Related, with the reason in `relation`: text naming a susceptibility or predisposition ' +
  '("X, susceptibility to", "X, association with", OMIM braces "{X}"), a modifier ("X, modifier of"), resistance, protection or reduced risk, or a negation ("non-PKU", "other than X"; "non-syndromic" or "non-Hodgkin" stay names); ' +
  'then a source scope of broad (`broader`), narrow (`narrower`) or related (`related`); then a text with the words (in any order) of the label or a Mondo synonym of a class ' +
  'above the disease (`broader`: "neurofibromatosis" for neurofibromatosis type 1) or below it (`narrower`: "maternal phenylketonuria" for ' +
  'phenylketonuria), since a source that gives no scope (the Mondo rare list) may list a wider term or a subtype among the names. Everything else is a name. ' +
  'Sections show names only ("Other names"); search indexes both.';

/** Sort one synonym into a name or a related term, by SYNONYM_RULE. */
export function classifySynonym(text: string, scope: SynonymScope): Pick<Synonym, 'kind' | 'relation'> {
  for (const [re, relation] of TEXT_RULES) if (re.test(text)) return { kind: 'related', relation };
  if (scope === 'broad') return { kind: 'related', relation: 'broader' };
  if (scope === 'narrow') return { kind: 'related', relation: 'narrower' };
  if (scope === 'related') return { kind: 'related', relation: 'related' };
  return { kind: 'name', relation: null };
}

const ROMAN: Record<string, string> = {
  i: '1',
  ii: '2',
  iii: '3',
  iv: '4',
  v: '5',
  vi: '6',
  vii: '7',
  viii: '8',
  ix: '9',
  xi: '11',
  xii: '12',
};

/** A subtype numeral in Arabic figures: "ia" is "1a", "iii" is "3" ("x" alone stays: X-linked). */
function arabic(word: string): string {
  const m = /^([ivx]+)([abc]?)$/.exec(word);
  return m && ROMAN[m[1]] ? ROMAN[m[1]] + m[2] : word;
}

/**
 * The words of a name in sorted order, subtype numerals in Arabic figures: "phenylketonuria, maternal" and "maternal
 * phenylketonuria" share it, and so do "maple syrup urine disease, type IA" and "maple syrup urine disease type 1A".
 */
export function nameWords(text: string): string {
  return synonymKey(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .map(arabic)
    .sort()
    .join(' ');
}

/**
 * A synonym that is also a name of a class above the disease becomes a broader term, one of a class
 * below it a narrower term (SYNONYM_RULE), in whatever order its words come. `owners` gives the classes
 * whose labels or Mondo synonyms have these words (nameWords), `ancestors` a class's ancestors.
 */
export function byHierarchy(
  id: string,
  synonyms: Synonym[],
  owners: (key: string) => readonly string[],
  ancestors: (id: string) => readonly string[],
): Synonym[] {
  const above = new Set(ancestors(id));
  return synonyms.map((s) => {
    if (s.kind !== 'name') return s;
    const others = owners(nameWords(s.text)).filter((o) => o !== id);
    if (others.some((o) => above.has(o))) return { ...s, kind: 'related', relation: 'broader' };
    if (others.some((o) => ancestors(o).includes(id))) return { ...s, kind: 'related', relation: 'narrower' };
    return s;
  });
}

/**
 * Collects synonyms from several origins, dropping case-insensitive duplicates (first origin in
 * call order wins) and anything equal to the disease name.
 */
export class SynonymSet {
  private readonly seen = new Set<string>();
  private readonly items: Synonym[] = [];
  constructor(name: string) {
    this.seen.add(synonymKey(name));
  }

  /** Add one synonym unless an equal text (case-insensitively) is already present; `type` is the source's synonym type, if any. */
  add(text: string, scope: SynonymScope, origin: string, sourceId: string | null, type: string | null = null): void {
    const clean = text.replace(/\s+/g, ' ').trim();
    if (!clean) return;
    const key = synonymKey(clean);
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.items.push({ text: clean, scope, type, origin, sourceId, ...classifySynonym(clean, scope) });
  }

  /** The collected synonyms in insertion order. */
  list(): Synonym[] {
    return this.items;
  }
}

/**
 * Text-to-disease matching for sources that name diseases in free text (FDA orphan designations,
 * trial conditions). Only whole names and synonyms match, on word boundaries, after one
 * normalization; short synonyms (abbreviations) match only the whole text, never inside it.
 */

/** Lower case, strip diacritics and punctuation, collapse spaces. */
export function normalizeName(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]s\b/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

export interface NameHit {
  ids: string[];
  kind: 'name' | 'synonym';
  text: string;
  /** For contained hits: the word span [start, end) in the normalized text's words. */
  span?: [number, number];
}

/** Words shorter than this, as the whole of a synonym, are too ambiguous to find inside text. */
const MIN_CONTAINED_CHARS = 8;
/**
 * Words that are a synonym of some grouping class ("syndrome" of "syndromic disease") but name no
 * disease inside a longer text ("acute encephalitis syndrome"): never matched as contained words.
 */
const GENERIC_WORDS = new Set([
  'syndrome',
  'syndromes',
  'disease',
  'diseases',
  'disorder',
  'disorders',
  'illness',
  'condition',
  'deficiency',
  'anomaly',
  'anomalies',
  'malformation',
]);
/** Words that qualify a disease name without naming one: a phrase of these and generic words alone names nothing. */
const QUALIFIERS = new Set([
  'acute',
  'chronic',
  'severe',
  'congenital',
  'hereditary',
  'inherited',
  'familial',
  'primary',
  'secondary',
  'immune',
  'rare',
  'genetic',
  'type',
  'of',
  'the',
]);
const MAX_NGRAM = 10;
const PREFIXES =
  /^(?:(?:for )?(?:the )?(?:treatment|prevention|prophylaxis|diagnosis|management|diagnostic|treating|therapy|reduction|control)(?: and (?:treatment|prevention|prophylaxis|management))? of (?:the )?(?:(?:signs|symptoms) (?:and symptoms )?of )?(?:patients with |children with |adults with )?)/;

export class NameIndex {
  private readonly names = new Map<string, string[]>();
  private readonly synonyms = new Map<string, string[]>();
  private readonly display = new Map<string, string>();

  /**
   * `ancestorsOf` (optional) gives a class's ancestors: a text shared by a class and one of its
   * ancestors then names the ancestor only ("pancreatic cancer" is a synonym of both "malignant
   * pancreatic neoplasm" and its child "familial pancreatic carcinoma").
   */
  constructor(private readonly ancestorsOf?: (id: string) => string[]) {}

  private resolve(ids: string[]): string[] {
    const sorted = [...ids].sort();
    if (!this.ancestorsOf || sorted.length < 2) return sorted;
    return sorted.filter((id) => !this.ancestorsOf!(id).some((a) => sorted.includes(a)));
  }

  /** True when `id` lies above one of `others` in the hierarchy (needs `ancestorsOf`). */
  isAncestorOfAny(id: string, others: readonly string[]): boolean {
    return this.ancestorsOf !== undefined && others.some((o) => o !== id && this.ancestorsOf!(o).includes(id));
  }

  /** Register a disease's name or one of its synonyms. */
  add(id: string, text: string, kind: 'name' | 'synonym'): void {
    const key = normalizeName(text);
    if (key.length < 3) return;
    const map = kind === 'name' ? this.names : this.synonyms;
    const ids = map.get(key);
    if (!ids) map.set(key, [id]);
    else if (!ids.includes(id)) ids.push(id);
    if (!this.display.has(kind + key)) this.display.set(kind + key, text);
  }

  private lookup(key: string, allowShortSynonym: boolean): NameHit | null {
    const n = this.names.get(key);
    if (n) return { ids: this.resolve(n), kind: 'name', text: this.display.get(`name${key}`)! };
    const s = this.synonyms.get(key);
    if (s && (allowShortSynonym || key.length >= MIN_CONTAINED_CHARS))
      return { ids: this.resolve(s), kind: 'synonym', text: this.display.get(`synonym${key}`)! };
    return null;
  }

  /** The whole text (after stripping "treatment of ..." phrasing) equals a name or synonym. */
  matchExact(text: string): NameHit | null {
    const key = normalizeName(text);
    return this.lookup(key, true) ?? this.lookup(key.replace(PREFIXES, ''), true);
  }

  /**
   * Names and synonyms contained in the text, longest first and non-overlapping, so "X and Y"
   * links both X and Y but "Y" inside a longer matched "X Y" does not.
   */
  matchContained(text: string): NameHit[] {
    return this.matchContainedWords(normalizeName(text).split(' ').filter(Boolean));
  }

  /** matchContained over text already normalized and split into words. */
  matchContainedWords(words: string[]): NameHit[] {
    const taken = new Array<boolean>(words.length).fill(false);
    const hits: NameHit[] = [];
    for (let n = Math.min(MAX_NGRAM, words.length); n >= 1; n--) {
      for (let i = 0; i + n <= words.length; i++) {
        if (taken.slice(i, i + n).some(Boolean)) continue;
        const key = words.slice(i, i + n).join(' ');
        if (n === 1 && (key.length < MIN_CONTAINED_CHARS || GENERIC_WORDS.has(key))) continue;
        // A phrase of generic words only ("deficiency disease", "immune disorder") names no disease inside a text.
        if (n > 1 && words.slice(i, i + n).every((w) => GENERIC_WORDS.has(w) || QUALIFIERS.has(w))) continue;
        const hit = this.lookup(key, false);
        if (!hit) continue;
        hits.push({ ...hit, span: [i, i + n] });
        for (let j = i; j < i + n; j++) taken[j] = true;
      }
    }
    return hits;
  }
}

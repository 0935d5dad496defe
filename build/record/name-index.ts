import {
  type Designator,
  adjectiveSynonym,
  hyphenJoined,
  listedDesignator,
  parseDesignator,
  splitsCompound,
  subtypeKeys,
  type TextWords,
} from './link-rules.ts';

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
  /** Every normalized name and synonym of a class (for subtype look-ups and the one-word synonym rule). */
  private readonly keysOf = new Map<string, string[]>();
  private readonly nameOf = new Map<string, string>();

  /**
   * `ancestorsOf` (optional) gives a class's ancestors: a text shared by a class and one of its
   * ancestors then names the ancestor only ("pancreatic cancer" is a synonym of both "malignant
   * pancreatic neoplasm" and its child "familial pancreatic carcinoma"). `classesWithGene`
   * (optional) gives the classes an HGNC approved symbol is the causal gene of (written as approved,
   * case kept); without it a gene symbol before a name is not used.
   */
  constructor(
    private readonly ancestorsOf?: (id: string) => string[],
    private readonly classesWithGene?: (symbol: string) => readonly string[],
  ) {}

  private resolve(ids: string[]): string[] {
    const sorted = [...ids].sort();
    if (!this.ancestorsOf || sorted.length < 2) return sorted;
    return sorted.filter((id) => !this.ancestorsOf!(id).some((a) => sorted.includes(a)));
  }

  /** True when `id` lies above one of `others` in the hierarchy (needs `ancestorsOf`). */
  isAncestorOfAny(id: string, others: readonly string[]): boolean {
    return this.ancestorsOf !== undefined && others.some((o) => o !== id && this.ancestorsOf!(o).includes(id));
  }

  /** True when the HGNC approved symbol `symbol` (as written) is a causal gene of `id` (needs `classesWithGene`). */
  hasCausalGene(id: string, symbol: string): boolean {
    return this.classesWithGene?.(symbol).includes(id) ?? false;
  }

  /** True when normalized words are a name, or a synonym long enough to be found inside a text. */
  namesDisease(key: string): boolean {
    return this.lookup(key, false) !== null;
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
    const keys = this.keysOf.get(id) ?? this.keysOf.set(id, []).get(id)!;
    if (!keys.includes(key)) keys.push(key);
    if (kind === 'name') this.nameOf.set(id, key);
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

  /**
   * matchContained over text already normalized and split into words. With the words as written
   * (`tw`, from splitWords) the LINKING_RULES of link-rules.ts apply: hyphenated compounds,
   * subtype designators, gene symbols before a name.
   */
  matchContainedWords(words: string[], tw?: TextWords): NameHit[] {
    const taken = new Array<boolean>(words.length).fill(false);
    const hits: NameHit[] = [];
    for (let n = Math.min(MAX_NGRAM, words.length); n >= 1; n--) {
      for (let i = 0; i + n <= words.length; i++) {
        if (taken.slice(i, i + n).some(Boolean)) continue;
        const key = words.slice(i, i + n).join(' ');
        if (n === 1 && (key.length < MIN_CONTAINED_CHARS || GENERIC_WORDS.has(key))) continue;
        // A phrase of generic words only ("deficiency disease", "immune disorder") names no disease inside a text.
        if (n > 1 && words.slice(i, i + n).every((w) => GENERIC_WORDS.has(w) || QUALIFIERS.has(w))) continue;
        let hit: NameHit | null = this.lookup(key, false);
        if (!hit) continue;
        if (n === 1 && hit.kind === 'synonym' && adjectiveSynonym(key)) continue;
        hit = { ...hit, span: [i, i + n] };
        if (tw && splitsCompound(tw, i, i + n, (w) => this.lookup(w, false) !== null)) {
          // Part of another word: neither it nor a shorter name inside it is what the text names.
          for (let j = i; j < i + n; j++) taken[j] = true;
          continue;
        }
        if (tw) {
          const d = parseDesignator(tw, i + n);
          if (d && !taken.slice(i + n, i + n + d.length).some(Boolean)) {
            // The text names one subtype: link it, or nothing when no class below the name has that designator
            // or the designator belongs to a longer hyphenated phrase ("heparin-associated thrombocytopenia type II").
            hit = hyphenJoined(tw, i - 1) ? null : this.subtype(hit, d, tw);
            if (!hit) {
              for (let j = i; j < i + n; j++) taken[j] = true;
              continue;
            }
          } else hit = this.geneSubtype(hit, tw, taken) ?? hit;
        }
        hits.push(hit);
        for (let j = hit.span![0]; j < hit.span![1]; j++) taken[j] = true;
      }
    }
    return hits;
  }

  /** The class below `hit` named by its name or synonyms with designator `d` after them, or null. */
  private subtype(hit: NameHit, first: Designator, tw: TextWords): NameHit | null {
    const [start, end] = hit.span!;
    const bases = new Set([tw.words.slice(start, end).join(' '), ...hit.ids.flatMap((id) => this.keysOf.get(id) ?? [])]);
    // A class named so beats one that only lists the text as a synonym ("mucopolysaccharidosis type IIIA" is also a synonym of type 3).
    const found = { name: new Set<string>(), synonym: new Set<string>() };
    let stop = end;
    // "mucopolysaccharidosis I, II and VI": every designator of the list, each to its own subtype.
    for (let d: Designator | null = first, at = end; d; d = listedDesignator(tw, at)) {
      if (d !== first) at += tw.words[at] === 'and' || tw.words[at] === 'or' ? 1 : 0;
      at += d.length;
      stop = at;
      for (const base of bases) {
        for (const key of subtypeKeys(base, d)) {
          const sub = this.lookup(key, true);
          if (!sub) continue;
          for (const id of sub.ids) if (this.below(id, hit.ids)) found[sub.kind].add(id);
        }
      }
    }
    const kind: NameHit['kind'] = found.name.size > 0 ? 'name' : 'synonym';
    if (found[kind].size === 0) return null;
    const span: [number, number] = [start, stop];
    return { ids: this.resolve([...found[kind]]), kind, text: tw.original.slice(start, span[1]).join(' '), span };
  }

  /** The one class below `hit` whose causal gene is the approved symbol written right before it, or null. */
  private geneSubtype(hit: NameHit, tw: TextWords, taken: readonly boolean[]): NameHit | null {
    const [start, end] = hit.span!;
    const symbol = tw.original[start - 1];
    // "(MAG) neuropathy", "anti-MAG": only a symbol standing as a plain word before the name.
    if (!this.classesWithGene || symbol === undefined || taken[start - 1] || tw.before[start] !== ' ') return null;
    if (!/[A-Z]/.test(symbol) || symbol !== symbol.toUpperCase() || symbol.length < 2) return null;
    const below = this.resolve(this.classesWithGene(symbol).filter((id) => this.below(id, hit.ids)));
    if (below.length !== 1) return null;
    return { ids: below, kind: hit.kind, text: tw.original.slice(start - 1, end).join(' '), span: [start - 1, end] };
  }

  /** True when `id` lies strictly below one of `ids` (without a hierarchy: any other class). */
  private below(id: string, ids: readonly string[]): boolean {
    if (ids.includes(id)) return false;
    return this.ancestorsOf === undefined || this.ancestorsOf(id).some((a) => ids.includes(a));
  }
}

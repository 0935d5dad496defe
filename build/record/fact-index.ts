import { computeFields } from './computed.ts';
import type { RecordFacts } from './record-facts.ts';
import { LIST_LIMIT } from './prose/section-format.ts';

/**
 * What a section may state, looked up in the record fields it is based on. The text values of
 * those fields are joined into one string and searched with token boundaries, rather than
 * tokenized up front: sections name few values, records hold many (the largest are ~150 KB of
 * facts), and indexing every string of 25,000 records cost more than the whole time budget.
 * Hot paths use plain loops: closures here cost more than the searches.
 */

function isWordCode(code: number): boolean {
  if (code < 128) return (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
  return !Number.isNaN(code) && /[\p{L}\p{N}]/u.test(String.fromCharCode(code)); // NaN (outside the string) is no word
}
const isDigitCode = (code: number): boolean => code >= 48 && code <= 57;
/** Characters that continue an identifier (CURIE) to the left: a letter, digit or one of _ . : / - */
const isIdCode = (code: number): boolean => isWordCode(code) || code === 95 || code === 46 || code === 58 || code === 47 || code === 45;
/** Characters that continue a link: anything but whitespace, ) " < > */
const isLinkCode = (code: number): boolean =>
  !Number.isNaN(code) && !(code <= 32 || code === 41 || code === 34 || code === 60 || code === 62);

/** Decimals of a numeric literal ('95.50' has 2). */
export function decimalsOf(literal: string): number {
  const dot = literal.indexOf('.');
  return dot < 0 ? 0 : literal.length - dot - 1;
}

/** One field's facts flattened: its text values joined, its numbers, array lengths and n/m pairs. */
export interface FlatFacts {
  text: string;
  values: number[];
  counts: number[];
  fractions: string[];
}

/** Flatten one field value (see FlatFacts). */
export function flattenFacts(value: unknown): FlatFacts {
  const out: FlatFacts = { text: '', values: [], counts: [], fractions: [] };
  const parts: string[] = [];
  const add = (v: unknown): void => {
    if (typeof v === 'string') parts.push(v);
    else if (typeof v === 'number') out.values.push(v);
    else if (Array.isArray(v)) {
      out.counts.push(v.length);
      for (const x of v) add(x);
    } else if (v !== null && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      if (typeof o.numerator === 'number' && typeof o.denominator === 'number') out.fractions.push(`${o.numerator}/${o.denominator}`);
      for (const k in o) {
        // Keys that are data, such as xref systems (ICD10CM, icd11.foundation), count as text; field names are camelCase.
        const c = k.charCodeAt(0);
        if ((c >= 65 && c <= 90) || k.includes('.')) parts.push(k);
        add(o[k]);
      }
    }
  };
  add(value);
  out.text = parts.length > 0 ? `${parts.join('\n')}\n` : '';
  return out;
}

/** The facts of one section's basis fields: their text values, numbers, array lengths and n/m pairs. */
export class FactScope {
  /** How many lookups depended on the facts (a found passage counts; a missed one changes no verdict). */
  lookups = 0;
  #built = false;
  #text = '';
  #lower: string | null = null;
  #values: number[] = [];
  #counts: number[] = [];
  #fractions: string[] = [];
  constructor(
    private readonly parts: () => FlatFacts[],
    private readonly countsOf: () => number[],
  ) {}

  /** The joined text values, flattened on first use: a section of fixed wording never needs them. */
  private get text(): string {
    if (!this.#built) {
      this.#built = true;
      const parts = this.parts();
      this.#text = parts.map((p) => p.text).join('');
      this.#values = parts.flatMap((p) => p.values);
      this.#counts = parts.flatMap((p) => p.counts);
      this.#fractions = parts.flatMap((p) => p.fractions);
    }
    return this.#text;
  }

  /** A passage that occurs verbatim in a text value (quoted definitions, notices, notes). */
  hasPassage(passage: string): boolean {
    const found = this.text.includes(passage);
    if (found) this.lookups++;
    return found;
  }

  /** A word (any case) occurring with no letter or digit on either side. */
  hasWord(word: string): boolean {
    this.lookups++;
    const hay = (this.#lower ??= this.text.toLowerCase());
    const w = word.toLowerCase();
    for (let at = hay.indexOf(w); at >= 0; at = hay.indexOf(w, at + 1)) {
      if (!isWordCode(hay.charCodeAt(at - 1)) && !isWordCode(hay.charCodeAt(at + w.length))) return true;
    }
    return false;
  }

  /** An identifier occurring verbatim, not inside a longer identifier or link. */
  hasId(id: string): boolean {
    this.lookups++;
    const hay = this.text;
    for (let at = hay.indexOf(id); at >= 0; at = hay.indexOf(id, at + 1)) {
      const after = hay.charCodeAt(at + id.length);
      if (!isIdCode(hay.charCodeAt(at - 1)) && !(isWordCode(after) && after < 128)) return true;
    }
    return false;
  }

  /** A link occurring verbatim, not as the prefix of a longer link. */
  hasLink(url: string): boolean {
    this.lookups++;
    const hay = this.text;
    for (let at = hay.indexOf(url); at >= 0; at = hay.indexOf(url, at + 1)) {
      if (!isLinkCode(hay.charCodeAt(at + url.length))) return true;
    }
    return false;
  }

  /** A fraction n/m given by a frequency or written in a text value. */
  hasFraction(fraction: string): boolean {
    this.lookups++;
    const hay = this.text;
    if (this.#fractions.includes(fraction)) return true;
    for (let at = hay.indexOf(fraction); at >= 0; at = hay.indexOf(fraction, at + 1)) {
      const before = hay.charCodeAt(at - 1);
      if (!isWordCode(before) && before !== 46 && !isWordCode(hay.charCodeAt(at + fraction.length))) return true;
    }
    return false;
  }

  /**
   * A number: written as such in a text value (where the tokenizer of fact-check.ts would also
   * take it whole, so not the 6 of "6,7" or the 2 of "2.5"), a numeric value rounded to the
   * shown decimals, a count (array length or *Count computed field), or a count minus LIST_LIMIT.
   */
  hasNumber(literal: string): boolean {
    this.lookups++;
    const hay = this.text;
    // Values and counts first: a short literal such as 5 occurs many times inside ids, each needing a boundary check.
    const plain = literal.includes(',') ? literal.replace(/,/g, '') : literal;
    if (plain.length < 2 || plain.charCodeAt(0) !== 48 || plain.charCodeAt(1) === 46) {
      // '07' is a date part or a code: only a verbatim occurrence backs it
      const value = Number(plain);
      const decimals = decimalsOf(plain);
      const shown = value.toFixed(decimals);
      for (const x of this.#values) if (Math.abs(x - value) < 1 && x.toFixed(decimals) === shown) return true;
      if (decimals === 0) {
        for (const c of this.#counts) if (c === value || (c > LIST_LIMIT && c - LIST_LIMIT === value)) return true;
        for (const c of this.countsOf()) if (c === value || (c > LIST_LIMIT && c - LIST_LIMIT === value)) return true;
      }
    }
    const decimal = literal.includes('.');
    for (let at = hay.indexOf(literal); at >= 0; at = hay.indexOf(literal, at + 1)) {
      const before = hay.charCodeAt(at - 1);
      if (isWordCode(before) || before === 46) continue;
      const end = at + literal.length;
      const a = hay.charCodeAt(end);
      if (isWordCode(a)) continue;
      if (((a === 46 && !decimal) || a === 47) && isDigitCode(hay.charCodeAt(end + 1))) continue;
      if (
        a === 44 &&
        !decimal &&
        isDigitCode(hay.charCodeAt(end + 1)) &&
        isDigitCode(hay.charCodeAt(end + 2)) &&
        isDigitCode(hay.charCodeAt(end + 3)) &&
        !isDigitCode(hay.charCodeAt(end + 4))
      )
        continue;
      return true;
    }
    return false;
  }
}

/** Per-record lookups, each built on first use. */
export class FactIndex {
  #counts: number[] | null = null;
  #labels: Map<string, string[]> | null = null;
  constructor(readonly facts: RecordFacts) {}

  readonly #flat = new Map<string, FlatFacts>();

  /** The facts of the given record fields (a section's basedOn); each field is flattened once per record. */
  scope(fields: readonly string[]): FactScope {
    const facts = this.facts as unknown as Record<string, unknown>;
    return new FactScope(
      () => fields.map((f) => this.#flat.get(f) ?? this.#flat.set(f, flattenFacts(valueAt(facts, f))).get(f)!),
      () => this.counts(),
    );
  }

  /** Labels the facts give an HPO id (phenotype, frequency, onset, modifier, inheritance). */
  hpoLabels(id: string): string[] | undefined {
    if (!this.#labels) {
      const m = new Map<string, string[]>();
      const add = (i: string | null, l: string | null): void => {
        if (i && l) m.set(i, [...(m.get(i) ?? []), l]);
      };
      for (const p of this.facts.phenotypes) {
        add(p.hpoId, p.label);
        if (p.frequency) add(p.frequency.hpoId, p.frequency.label);
        if (p.onset) add(p.onset.hpoId, p.onset.label);
        for (const x of p.modifiers) add(x.hpoId, x.label);
      }
      for (const v of [...this.facts.inheritance, ...this.facts.onset]) add(v.hpoId, v.label);
      this.#labels = m;
    }
    return this.#labels.get(id);
  }

  /** The integer *Count fields of `computed`: counts the templates state. */
  private counts(): number[] {
    if (!this.#counts) {
      this.#counts = [];
      for (const [k, v] of Object.entries(computeFields(this.facts)))
        if (k.endsWith('Count') && typeof v === 'number') this.#counts.push(v);
    }
    return this.#counts;
  }
}

/** The value at a field path ("computed.hallmarks"); undefined when a step is missing. */
function valueAt(facts: Record<string, unknown>, path: string): unknown {
  let v: unknown = facts;
  for (const k of path.split('.')) v = v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined;
  return v;
}

const cache = new WeakMap<RecordFacts, FactIndex>();

/** The fact index of a record, built once per facts object. */
export function factIndex(facts: RecordFacts): FactIndex {
  let index = cache.get(facts);
  if (!index) cache.set(facts, (index = new FactIndex(facts)));
  return index;
}

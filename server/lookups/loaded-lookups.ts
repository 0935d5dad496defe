import { codeKey, parseCode, type ParsedCode } from '../contract/api/xref-codes.ts';
import type { GeneDiseaseRow, GeneRow, LookupsDoc, MappingSetRow, XrefTargetRow } from '../contract/snapshot/lookups.ts';
import { PAUSE_EVERY, runNow, type Work } from '../loading/slices.ts';
import { type Members, membersOf } from '../loading/json-members.ts';

/**
 * The lookups document as the server loads it: the members read one key at a time (cross-references,
 * their labels, a gene's diseases) stay bytes, each value parsed when asked for (JsonMembers).
 */
export type LoadedLookupsDoc = Omit<LookupsDoc, 'xrefs' | 'xrefLabels' | 'geneDiseases'> & {
  xrefs: Members<XrefTargetRow[]>;
  xrefLabels: Members<string>;
  geneDiseases: Members<GeneDiseaseRow[]>;
};

/** The members of the lookups document the server keeps as bytes (parseJsonSliced's `inPlace`). */
export const LOOKUPS_IN_PLACE = ['xrefs', 'xrefLabels', 'geneDiseases'] as const;

/** An empty document: a snapshot built before the lookups existed serves empty lookups. */
export const NO_LOOKUPS: LookupsDoc = {
  format: 1,
  releases: { mondo: 'unknown', hgnc: 'unknown' },
  mappingSets: [],
  xrefs: {},
  obsoleteXrefs: {},
  xrefLabels: {},
  parents: {},
  genes: [],
  geneDiseases: {},
};

function isLoaded(doc: LookupsDoc | LoadedLookupsDoc): doc is LoadedLookupsDoc {
  return typeof (doc.xrefs as Members<XrefTargetRow[]>).get === 'function';
}

/** How a symbol names a gene: its current symbol, or a previous symbol or alias that names it alone. */
export type GeneMatch = { gene: GeneRow; via: 'symbol' | 'hgnc-id' | 'previous' | 'alias' };

/**
 * The lookups of one snapshot, indexed once: codes by their case-insensitive key, children from
 * parents, genes by HGNC id, symbol, previous symbol and alias (upper-cased).
 */
export class Lookups {
  readonly mappingSets: readonly MappingSetRow[];
  readonly releases: LookupsDoc['releases'];
  /**
   * Codes whose case-insensitive key is not the code itself (`ORPHANET:586` -> `Orphanet:586`),
   * by key: most codes are their own key, and are found as they are (about 10 MB less).
   */
  private readonly codes = new Map<string, string | null>();
  private readonly prefixes = new Map<string, string>();
  private readonly childrenOf = new Map<string, string[]>();
  private readonly genesById = new Map<string, GeneRow>();
  private readonly bySymbol = new Map<string, GeneRow>();
  private readonly byPrevious = new Map<string, GeneRow[]>();
  private readonly byAlias = new Map<string, GeneRow[]>();
  /** Descendant sets of recent `descendantOf=` filters (a listing page asks for one per request). */
  private readonly below = new Map<string, ReadonlySet<string>>();

  private readonly doc: LoadedLookupsDoc;

  /** The lookups indexed at once (tools and tests; the server loads them with `load`). */
  constructor(doc: LookupsDoc | LoadedLookupsDoc, index = true) {
    this.doc = isLoaded(doc)
      ? doc
      : { ...doc, xrefs: membersOf(doc.xrefs), xrefLabels: membersOf(doc.xrefLabels), geneDiseases: membersOf(doc.geneDiseases) };
    this.mappingSets = doc.mappingSets;
    this.releases = doc.releases;
    if (index) runNow(this.#index());
  }

  /** The lookups indexed in slices (slices.ts): about 100,000 codes and 40,000 genes. */
  static *load(doc: LoadedLookupsDoc): Work<Lookups> {
    const lookups = new Lookups(doc, false);
    yield* lookups.#index();
    return lookups;
  }

  *#index(): Work<void> {
    const doc = this.doc;
    let n = 0;
    for (const codes of [doc.xrefs.keys(), Object.keys(doc.obsoleteXrefs ?? {})])
      for (const code of codes) {
        const colon = code.indexOf(':');
        const prefix = code.slice(0, colon);
        this.prefixes.set(prefix.toUpperCase(), prefix);
        const key = codeKey(prefix, code.slice(colon + 1));
        // The last code of a key wins, as when every code was mapped: one that is its own key clears an earlier other.
        if (key !== code) this.codes.set(key, code);
        else if (this.codes.has(key)) this.codes.set(key, null);
        if ((++n & PAUSE_EVERY) === 0) yield;
      }
    for (const child in doc.parents) {
      for (const p of doc.parents[child]) (this.childrenOf.get(p) ?? this.childrenOf.set(p, []).get(p)!).push(child);
      if ((++n & PAUSE_EVERY) === 0) yield;
    }
    for (const list of this.childrenOf.values()) {
      list.sort();
      if ((++n & PAUSE_EVERY) === 0) yield;
    }
    for (const g of doc.genes) {
      this.genesById.set(g[0], g);
      this.bySymbol.set(g[1].toUpperCase(), g);
      if ((++n & PAUSE_EVERY) === 0) yield;
    }
    for (const g of doc.genes) {
      for (const p of g[4]) push(this.byPrevious, p.toUpperCase(), g);
      for (const a of g[5]) push(this.byAlias, a.toUpperCase(), g);
      if ((++n & PAUSE_EVERY) === 0) yield;
    }
  }

  /** Parse a requested code against the prefixes the data holds. */
  parse(raw: string): ParsedCode {
    return parseCode(raw, (upper) => this.prefixes.get(upper));
  }

  /** The code as the data writes it, or null when no mapping names it. */
  code(prefix: string, local: string): string | null {
    const key = codeKey(prefix, local);
    const other = this.codes.get(key);
    if (other !== undefined) return other ?? key;
    return this.doc.xrefs.has(key) || Object.hasOwn(this.doc.obsoleteXrefs ?? {}, key) ? key : null;
  }

  /** The Mondo diseases a code (as the data writes it) maps to, most specific predicate first. */
  targets(code: string): readonly XrefTargetRow[] {
    return this.doc.xrefs.get(code) ?? [];
  }

  /** Obsolete Mondo classes without a served replacement that the code is mapped to. */
  obsoleteTargets(code: string): readonly string[] {
    return this.doc.obsoleteXrefs?.[code] ?? [];
  }

  /** The label a mapping file gives the code, or null. */
  label(code: string): string | null {
    return this.doc.xrefLabels.get(code) ?? null;
  }

  /** The prefixes the mappings use, as the data writes them. */
  knownPrefixes(): string[] {
    return [...this.prefixes.values()].sort((a, b) => a.localeCompare(b));
  }

  parents(id: string): readonly string[] {
    return this.doc.parents[id] ?? [];
  }

  children(id: string): readonly string[] {
    return this.childrenOf.get(id) ?? [];
  }

  /**
   * Every class reachable from `id` along parents (up) or children (down), each with its shortest
   * distance, ordered by distance then id.
   */
  reach(id: string, direction: 'up' | 'down'): { id: string; distance: number }[] {
    const next = direction === 'up' ? (x: string) => this.parents(x) : (x: string) => this.children(x);
    const seen = new Map<string, number>([[id, 0]]);
    let frontier = [id];
    const out: { id: string; distance: number }[] = [];
    for (let d = 1; frontier.length > 0; d++) {
      const level: string[] = [];
      for (const x of frontier)
        for (const y of next(x))
          if (!seen.has(y)) {
            seen.set(y, d);
            level.push(y);
          }
      level.sort();
      for (const y of level) out.push({ id: y, distance: d });
      frontier = level;
    }
    return out;
  }

  /** The ids below `id` at any depth, as a set; the last 64 asked for are kept. */
  descendantSet(id: string): ReadonlySet<string> {
    let set = this.below.get(id);
    if (set === undefined) {
      set = new Set(this.reach(id, 'down').map((x) => x.id));
      if (this.below.size >= 64) this.below.delete(this.below.keys().next().value as string);
      this.below.set(id, set);
    }
    return set;
  }

  /**
   * The gene a symbol or HGNC id names: the current symbol (case-insensitive), then a previous
   * symbol, then an alias, each only when exactly one approved gene has it; null otherwise.
   */
  gene(text: string): GeneMatch | null {
    const upper = text.trim().toUpperCase();
    if (/^HGNC:\d+$/.test(upper)) {
      const g = this.genesById.get(`HGNC:${upper.slice(5)}`);
      return g ? { gene: g, via: 'hgnc-id' } : null;
    }
    const current = this.bySymbol.get(upper);
    if (current) return { gene: current, via: 'symbol' };
    const prev = this.byPrevious.get(upper);
    if (prev?.length === 1) return { gene: prev[0], via: 'previous' };
    if (prev && prev.length > 1) return null;
    const alias = this.byAlias.get(upper);
    return alias?.length === 1 ? { gene: alias[0], via: 'alias' } : null;
  }

  /** [previous symbol, current symbol] for every previous symbol that names one approved gene alone and is no current symbol. */
  previousSymbols(): [string, string][] {
    const out: [string, string][] = [];
    for (const [old, genes] of this.byPrevious) if (genes.length === 1 && !this.bySymbol.has(old)) out.push([old, genes[0][1]]);
    return out;
  }

  /** The diseases whose records name the gene. */
  geneDiseases(hgncId: string): readonly GeneDiseaseRow[] {
    return this.doc.geneDiseases.get(hgncId) ?? [];
  }
}

function push<K, V>(m: Map<K, V[]>, k: K, v: V): void {
  const l = m.get(k);
  if (l) l.push(v);
  else m.set(k, [v]);
}

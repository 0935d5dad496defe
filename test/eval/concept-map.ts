import { join } from 'node:path';
import { readSssom } from '../../build/ingest/sssom.ts';

/**
 * Corpus concepts (MeSH, OMIM) to Mondo classes through Mondo's own SSSOM mappings. Only exact
 * matches make a concept reachable; broad, narrow and database cross-reference mappings are read
 * only to say why a concept is not.
 */

/** Why a mention has no served Mondo record to find. */
export type Unreachable =
  /** Mondo maps the concept exactly, but to no record we serve (obsolete or outside the disease set). */
  | 'exact-not-served'
  /** Mondo only relates the concept to a broader or narrower class. */
  | 'broader-or-narrower-only'
  /** Mondo only lists the concept as a database cross-reference, without saying how it relates. */
  | 'cross-reference-only'
  /** Mondo does not map the concept at all. */
  | 'unmapped';

export const UNREACHABLE_REASONS: Unreachable[] = ['exact-not-served', 'broader-or-narrower-only', 'cross-reference-only', 'unmapped'];

/** The files read, relative to the mappings folder. */
const EXACT = ['mondo_exactmatch_mesh.sssom.tsv.gz', 'mondo_exactmatch_omim.sssom.tsv.gz'];
const BROAD_NARROW = ['mondo_broadmatch_mesh.sssom.tsv.gz', 'mondo_narrowmatch_mesh.sssom.tsv.gz'];
const XREF = ['mondo_hasdbxref_mesh.sssom.tsv.gz', 'mondo_hasdbxref_omim.sssom.tsv.gz'];

/** SSSOM objects spell the prefix `mesh:`; the corpus concepts are keyed `MESH:`. */
function conceptKey(object: string): string {
  const colon = object.indexOf(':');
  return object.slice(0, colon).toUpperCase() + object.slice(colon);
}

function subjectsByObject(dir: string, files: string[]): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const f of files) {
    for (const m of readSssom(join(dir, f)).mappings) {
      if (!m.subject.startsWith('MONDO:')) continue;
      const key = conceptKey(m.object);
      let set = out.get(key);
      if (!set) out.set(key, (set = new Set()));
      set.add(m.subject);
    }
  }
  return out;
}

export class ConceptMap {
  private readonly exact: Map<string, Set<string>>;
  private readonly related: Map<string, Set<string>>;
  private readonly xref: Map<string, Set<string>>;

  /** Read the mappings under `mappingsDir`; `served` holds the Mondo ids of the snapshot's rows. */
  constructor(
    mappingsDir: string,
    private readonly served: ReadonlySet<string>,
  ) {
    this.exact = subjectsByObject(mappingsDir, EXACT);
    this.related = subjectsByObject(mappingsDir, BROAD_NARROW);
    this.xref = subjectsByObject(mappingsDir, XREF);
  }

  /** The served Mondo ids that any of `concepts` matches exactly (the gold set of a mention). */
  gold(concepts: string[]): string[] {
    const out = new Set<string>();
    for (const c of concepts) for (const id of this.exact.get(c) ?? []) if (this.served.has(id)) out.add(id);
    return [...out].sort();
  }

  /** Why `concepts` reach no served record: the most specific reason over the concepts. */
  whyUnreachable(concepts: string[]): Unreachable {
    const reasons = concepts.map((c): Unreachable => {
      if (this.exact.has(c)) return 'exact-not-served';
      if (this.related.has(c)) return 'broader-or-narrower-only';
      if (this.xref.has(c)) return 'cross-reference-only';
      return 'unmapped';
    });
    return UNREACHABLE_REASONS.find((r) => reasons.includes(r))!;
  }
}

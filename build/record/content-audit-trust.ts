import { acceptedParents, carriesWords, classKind, oneDisease, type ParentClass } from './class-naming.ts';
import { contradicts } from './class-words.ts';
import { diagnosisByClass } from './diagnosis-class.ts';
import { definitionWords } from './definition-choice.ts';
import { otherNameCheck } from './name-checks.ts';
import { tiedModes } from './inheritance.ts';
import { productKey } from './record-facts.ts';
import { nameWords } from './synonyms.ts';

/**
 * The per-record checks of issue 38 for the content audit (content-audit.ts): what a reader of a record
 * without editorial content found misleading, counted on the served bodies of any version, so that the
 * same audit measures a snapshot built before the rules and one built after.
 */

// biome-ignore lint/suspicious/noExplicitAny: a served body of any API version
type Body = any;

/** What the checks need of every record: the hierarchy, the subsets, the names and the designations by FDA page. */
export interface TrustDigest {
  id: string;
  name: string;
  subsets: string[];
  parents: string[];
  children: string[];
  /** The Mondo synonyms (every synonym of origin mondo): the names other classes own. */
  mondoNames: string[];
  /** Its own GeneReviews and MedlinePlus links (not those taken from its subtypes). */
  geneReviews: string | null;
  medlinePlus: string | null;
  /** The relation of each designation on this record, by FDA page. */
  relationByUrl: Map<string, string>;
}

const rolled = (r: Body, field: string) => (r.resources?.linksFromSubtypes ?? []).some((x: Body) => x.field === field);

export function trustDigest(r: Body): TrustDigest {
  return {
    id: r.id,
    name: r.name,
    subsets: r.subsets ?? [],
    parents: r.parents.map((p: Body) => p.id),
    children: r.children.map((c: Body) => c.id),
    mondoNames: r.synonyms.filter((s: Body) => s.origin === 'mondo').map((s: Body) => s.text),
    geneReviews: rolled(r, 'geneReviews') ? null : (r.resources?.geneReviews ?? null),
    medlinePlus: rolled(r, 'medlinePlus') ? null : (r.resources?.medlinePlus ?? null),
    relationByUrl: new Map(r.orphanDrugs.filter((d: Body) => d.fdaUrl).map((d: Body) => [d.fdaUrl, d.relation ?? 'exact'])),
  };
}

/** What the checks look up across records, built once from the digests. */
export interface TrustIndex {
  get(id: string): TrustDigest | undefined;
  ancestors(id: string): string[];
  descendants(id: string): number;
  labelOwners(key: string): string[];
  nameOwners(key: string): string[];
  /** Previous symbols of HGNC genes, by approved symbol (lower case). */
  previousSymbols(symbol: string): string[];
  /** Mondo definitions with commas, by their words. */
  punctuated(words: string): boolean;
}

export interface TrustRow {
  /** Named classes a parent that is one other disease, or one whose label says the opposite of the disease's. */
  wrongClasses: number;
  /** No class named, although a parent is a disease group CLASS_NAMING_RULE accepts. */
  informativeParentMissed: number;
  /** Designations rolled down from a parent the rule refuses, or made for a part of the parent. */
  wrongRollDown: number;
  /** Other names a check of OTHER_NAME_RULE refutes, or the name of a listed subtype. */
  badOtherNames: number;
  /** Diagnosis: a kind of DIAGNOSIS_CLASS_RULE applies, and the overview names no diagnosis. */
  noDiagnosis: number;
  /** Tied modes, subtypes differing among them, and the overview states one primary mode. */
  groupTieBreak: number;
  /** The headline prevalence is a specific population's figure, or regional while a worldwide one is given. */
  badHeadline: number;
  /** An Orphanet definition quoted without commas although Mondo gives the same words punctuated. */
  commalessWithTwin: number;
  /** No GeneReviews or MedlinePlus link although two or more subtypes carry one same link and none another. */
  readMoreNotRolled: number;
  /** Products the overview names twice. */
  duplicateProducts: number;
}

/** The parents of a record as CLASS_NAMING_RULE reads them, from the served records. */
function parentClasses(d: TrustDigest, idx: TrustIndex): ParentClass[] {
  const root = (id: string) => (idx.get(id)?.parents.length ?? 0) === 0;
  return d.parents.flatMap((p) => {
    const parent = idx.get(p);
    if (!parent) return [];
    return [
      {
        id: p,
        name: parent.name,
        descendants: idx.descendants(p),
        subsets: parent.subsets,
        organizing: root(p) || parent.parents.every(root),
      },
    ];
  });
}

/** The issue-38 counts of one served record. */
export function trustRow(r: Body, idx: TrustIndex): TrustRow {
  const d = idx.get(r.id)!;
  const overview: string = r.sections.overview.paragraphs.join('\n');
  const shown: string[] = r.synonyms.filter((s: Body) => s.kind === undefined || s.kind === 'name').map((s: Body) => s.text);
  const subject = { name: r.name, otherNames: shown, definition: r.definition?.text ?? null };
  const parents = parentClasses(d, idx);
  const byId = new Map(parents.map((p) => [p.id, p]));
  const named = (r.computed?.namedClasses ?? []) as Body[];
  const wrongClasses = named.filter((c) => {
    const p = byId.get(c.id);
    return p !== undefined && (contradicts(p.name, r.name) || (oneDisease(p) && !carriesWords(p.name, subject)));
  }).length;
  const groups = acceptedParents(subject, parents).filter((p) => classKind(p) === 'group');
  const accepted = new Set(groups.map((p) => p.id));
  const wrongRollDown = (r.rollup?.parentOrphanDrugs ?? []).filter((x: Body) => {
    const rel = x.fdaUrl ? idx.get(x.from.id)?.relationByUrl.get(x.fdaUrl) : undefined;
    return !accepted.has(x.from.id) || (rel !== undefined && rel !== 'exact' && rel !== 'narrower');
  }).length;
  return {
    wrongClasses,
    informativeParentMissed: named.length === 0 && groups.length > 0 ? 1 : 0,
    wrongRollDown,
    badOtherNames: badOtherNames(r, shown, idx, overview),
    noDiagnosis: noDiagnosis(r, subject, overview, idx),
    groupTieBreak: groupTieBreak(r, overview),
    badHeadline: badHeadline(r, overview),
    commalessWithTwin: /without commas/.test(overview) && r.definition && idx.punctuated(definitionWords(r.definition.text)) ? 1 : 0,
    readMoreNotRolled: readMoreNotRolled(r, d, idx),
    duplicateProducts: duplicateProducts(r, overview),
  };
}

function badOtherNames(r: Body, shown: string[], idx: TrustIndex, overview: string): number {
  if (!/Other names/.test(overview)) return 0;
  const symbols = new Set<string>();
  for (const g of r.genes)
    if (String(g.association).startsWith('causal'))
      for (const s of [g.symbol, ...idx.previousSymbols(String(g.symbol).toLowerCase())]) symbols.add(String(s).toLowerCase());
  const facts = {
    id: r.id,
    label: r.name,
    labelOwners: (k: string) => idx.labelOwners(k),
    nameOwners: (k: string) => idx.nameOwners(k),
    ancestors: (id: string) => idx.ancestors(id),
    geneSymbols: symbols,
  };
  const names = [r.name, ...shown];
  const above = idx.ancestors(r.id);
  return shown.filter((text) => {
    const s = { text, scope: 'unspecified' as const, type: null, origin: 'mondo', sourceId: null, kind: 'name' as const, relation: null };
    if (otherNameCheck(s, facts, names)) return true;
    // The name of a class above or below it (SYNONYM_RULE), subtype numerals in Arabic figures.
    return idx.nameOwners(nameWords(text)).some((o) => o !== r.id && (above.includes(o) || idx.ancestors(o).includes(r.id)));
  }).length;
}

function noDiagnosis(
  r: Body,
  subject: { name: string; otherNames: string[]; definition: string | null },
  overview: string,
  idx: TrustIndex,
): number {
  const kind = diagnosisByClass({ ...subject, ancestors: idx.ancestors(r.id) });
  return kind && !/Diagnosis: |Diagnostic laboratory finding/.test(overview) ? 1 : 0;
}

function groupTieBreak(r: Body, overview: string): number {
  const tied = tiedModes(r.inheritance ?? []);
  const among = (r.rollup?.inheritance ?? []).filter((m: Body) => tied.includes(m.term));
  return tied.length >= 2 && among.length >= 2 && /inherited in an? [^.]* pattern/.test(overview) ? 1 : 0;
}

function badHeadline(r: Body, overview: string): number {
  const m = /It affects [^(]*\(([^,]+), ([^;]+); Orphanet/.exec(overview);
  if (!m) return 0;
  if (m[2] === 'Specific population') return 1;
  const worldwide = (r.prevalence ?? []).some((p: Body) => p.geography === 'Worldwide' && /\//.test(p.class ?? ''));
  return m[2] !== 'Worldwide' && worldwide ? 1 : 0;
}

function readMoreNotRolled(r: Body, d: TrustDigest, idx: TrustIndex): number {
  let missing = 0;
  for (const field of ['geneReviews', 'medlinePlus'] as const) {
    if (r.resources?.[field]) continue;
    const links = d.children.map((c) => idx.get(c)?.[field]).filter((x): x is string => !!x);
    if (links.length >= 2 && new Set(links).size === 1) missing++;
  }
  return missing;
}

/** Products the overview names under two spellings of one trade name ("Bendeka (bendamustine for 50 ml admixture)" and "... 50ml ..."). */
function duplicateProducts(r: Body, overview: string): number {
  const spellings = new Map<string, Set<string>>();
  for (const d of r.orphanDrugs) {
    if (d.status !== 'approved' || !d.tradeName) continue;
    const written = `${d.tradeName} (${d.genericName})`;
    if (!overview.includes(written)) continue;
    const key = productKey(d.tradeName);
    (spellings.get(key) ?? spellings.set(key, new Set()).get(key)!).add(written);
  }
  return [...spellings.values()].filter((s) => s.size > 1).length;
}

/** The cross-record look-ups of the checks, from every record's digest, the HGNC set and Mondo's definitions. */
export function trustIndex(
  digests: ReadonlyMap<string, TrustDigest>,
  previous: ReadonlyMap<string, string[]>,
  punctuated: ReadonlySet<string>,
): TrustIndex {
  const labels = new Map<string, string[]>();
  const names = new Map<string, string[]>();
  const add = (m: Map<string, string[]>, key: string, id: string) => {
    const list = m.get(key) ?? m.set(key, []).get(key)!;
    if (!list.includes(id)) list.push(id);
  };
  for (const d of digests.values()) {
    add(labels, nameWords(d.name), d.id);
    add(names, nameWords(d.name), d.id);
    for (const n of d.mondoNames) add(names, nameWords(n), d.id);
  }
  const above = new Map<string, string[]>();
  const ancestors = (id: string): string[] => {
    const hit = above.get(id);
    if (hit) return hit;
    above.set(id, []);
    const out = new Set<string>();
    for (const p of digests.get(id)?.parents ?? []) for (const a of [p, ...ancestors(p)]) out.add(a);
    above.set(id, [...out]);
    return [...out];
  };
  const below = new Map<string, number>();
  const descendants = (id: string): number => {
    if (!below.has(id)) {
      const seen = new Set<string>();
      const stack = [...(digests.get(id)?.children ?? [])];
      while (stack.length > 0) {
        const c = stack.pop()!;
        if (seen.has(c)) continue;
        seen.add(c);
        stack.push(...(digests.get(c)?.children ?? []));
      }
      below.set(id, seen.size);
    }
    return below.get(id)!;
  };
  return {
    get: (id) => digests.get(id),
    ancestors,
    descendants,
    labelOwners: (key) => labels.get(key) ?? [],
    nameOwners: (key) => names.get(key) ?? [],
    previousSymbols: (symbol) => previous.get(symbol) ?? [],
    punctuated: (words) => punctuated.has(words),
  };
}

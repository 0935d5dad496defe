import { MONDO_ID, iriToCurie } from './curie.ts';
import { readJson } from './read-text.ts';
import { IngestError, type MondoOntology, type MondoSynonym, type MondoTerm, type SynonymScopeName } from './source-types.ts';

type Json = Record<string, unknown>;
const OIO = 'http://www.geneontology.org/formats/oboInOwl#';
const REPLACED_BY = 'http://purl.obolibrary.org/obo/IAO_0100001';
const SCOPES: Record<string, SynonymScopeName> = {
  hasExactSynonym: 'exact',
  hasRelatedSynonym: 'related',
  hasBroadSynonym: 'broad',
  hasNarrowSynonym: 'narrow',
};

/**
 * The full Mondo release as OBO Graphs JSON (`mondo.json`, the format of `hp.json`): CLASS nodes
 * with a MONDO IRI from `graphs[0]`, read into the same shape as the OBO reader gives
 * ({@link readMondoObo}): `lbl`, `meta.definition` (`val`, `xrefs`), `meta.synonyms` (`pred` is
 * the scope, `synonymType` an IRI shortened to `ABBREVIATION` or `OMO:0003000`), `meta.xrefs`
 * (with `source` values from their `meta.basicPropertyValues` where the writer keeps them),
 * `meta.subsets` (IRIs shortened to the subset name), `meta.deprecated`, replaced-by (IAO:0100001)
 * and consider property values, and `is_a` edges between MONDO classes. The release is
 * `graphs[0].meta.version`. Errors give the JSON pointer.
 */
export function readMondoJson(file: string): MondoOntology {
  const doc = readJson<{ graphs?: { meta?: { version?: unknown }; nodes?: unknown; edges?: unknown }[] }>(file);
  const graph = doc?.graphs?.[0];
  if (!graph || !Array.isArray(graph.nodes)) throw new IngestError(file, '/graphs/0/nodes', 'missing OBO Graphs node list');
  const byId = new Map<string, MondoTerm>();
  const terms: MondoTerm[] = [];
  (graph.nodes as Json[]).forEach((node, k) => {
    if (!isObject(node) || node.type !== 'CLASS' || typeof node.id !== 'string') return;
    const id = iriToCurie(node.id);
    if (id === null || !id.startsWith('MONDO:')) return;
    const at = `/graphs/0/nodes/${k}`;
    if (!MONDO_ID.test(id)) throw new IngestError(file, `${at}/id`, `malformed Mondo id "${node.id}"`);
    if (typeof node.lbl !== 'string' || node.lbl === '') throw new IngestError(file, `${at}/lbl`, `${id} without a label`);
    const term = toTerm(file, at, id, node.lbl, isObject(node.meta) ? node.meta : {});
    byId.set(id, term);
    terms.push(term);
  });
  const edges = Array.isArray(graph.edges) ? (graph.edges as Json[]) : [];
  for (const edge of edges) {
    if (!isObject(edge) || edge.pred !== 'is_a' || typeof edge.sub !== 'string' || typeof edge.obj !== 'string') continue;
    const child = byId.get(iriToCurie(edge.sub) ?? '');
    const parent = iriToCurie(edge.obj);
    if (child && parent !== null && MONDO_ID.test(parent) && !child.parents.includes(parent)) child.parents.push(parent);
  }
  const version = graph.meta?.version;
  return { version: typeof version === 'string' ? version : null, terms };
}

function toTerm(file: string, at: string, id: string, label: string, meta: Json): MondoTerm {
  const definition =
    isObject(meta.definition) && typeof meta.definition.val === 'string' && meta.definition.val !== ''
      ? { text: meta.definition.val, references: strings(meta.definition.xrefs) }
      : null;
  const synonyms: MondoSynonym[] = list(meta.synonyms).map((s, i) => {
    const scope = typeof s.pred === 'string' ? SCOPES[s.pred] : undefined;
    if (scope === undefined)
      throw new IngestError(
        file,
        `${at}/meta/synonyms/${i}/pred`,
        `unknown synonym predicate ${JSON.stringify(s.pred)} (expected hasExactSynonym, hasRelatedSynonym, hasBroadSynonym or hasNarrowSynonym)`,
      );
    if (typeof s.val !== 'string') throw new IngestError(file, `${at}/meta/synonyms/${i}/val`, 'synonym text is not a string');
    return { text: s.val, scope, type: typeof s.synonymType === 'string' ? shortName(s.synonymType) : null, references: strings(s.xrefs) };
  });
  const xrefs = list(meta.xrefs).flatMap((x) =>
    typeof x.val === 'string' && x.val !== ''
      ? [{ id: x.val, sources: propertyValues(isObject(x.meta) ? x.meta : {}, `${OIO}source`) }]
      : [],
  );
  return {
    id,
    label,
    obsolete: meta.deprecated === true,
    definition,
    synonyms,
    xrefs,
    parents: [],
    subsets: strings(meta.subsets).map(shortName),
    replacedBy: propertyValues(meta, REPLACED_BY).map(shortName)[0] ?? null,
    consider: propertyValues(meta, `${OIO}consider`).map(shortName),
  };
}

/** `http://purl.obolibrary.org/obo/mondo#rare` -> `rare`; OBO PURLs -> CURIEs; CURIEs unchanged. */
function shortName(value: string): string {
  const hash = value.lastIndexOf('#');
  if (value.startsWith('http') && hash >= 0) return value.slice(hash + 1);
  return iriToCurie(value) ?? value;
}

function propertyValues(meta: Json, pred: string): string[] {
  return list(meta.basicPropertyValues)
    .filter((p) => p.pred === pred && typeof p.val === 'string')
    .map((p) => p.val as string);
}

function list(value: unknown): Json[] {
  return Array.isArray(value) ? value.filter(isObject) : [];
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

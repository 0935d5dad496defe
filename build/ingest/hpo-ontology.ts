import { HP_ID, iriToCurie, releaseDate } from './curie.ts';
import { readJson } from './read-text.ts';
import { IngestError, type HpoSynonym, type HpoTerm } from './source-types.ts';

/** The HPO classes of one OBO Graphs JSON release, keyed by `HP:` id. */
export interface HpoOntology {
  version: string | null;
  terms: Map<string, HpoTerm>;
}

interface GraphNode {
  id?: unknown;
  lbl?: unknown;
  type?: unknown;
  meta?: {
    definition?: { val?: unknown };
    deprecated?: unknown;
    basicPropertyValues?: { pred?: unknown; val?: unknown }[];
    synonyms?: { pred?: unknown; val?: unknown; synonymType?: unknown }[];
  };
}
interface GraphEdge {
  sub?: unknown;
  pred?: unknown;
  obj?: unknown;
}

const REPLACED_BY = 'http://purl.obolibrary.org/obo/IAO_0100001';
const ALT_ID = 'http://www.geneontology.org/formats/oboInOwl#hasAlternativeId';
const SCOPES: Record<string, HpoSynonym['scope']> = {
  hasExactSynonym: 'exact',
  hasRelatedSynonym: 'related',
  hasBroadSynonym: 'broad',
  hasNarrowSynonym: 'narrow',
};

/**
 * HPO from an OBO Graphs JSON file (`hp.json`). Only CLASS nodes with an `HP_` IRI are kept; ids
 * become CURIEs (`HP:0000001`). Parents come from `is_a` edges, `replacedBy` from the
 * IAO:0100001 property value (null when a term names several, as HP:0000535 does), `altIds` from
 * oboInOwl:hasAlternativeId, `synonyms` from every synonym scope (`synonymKinds` with scope and type). `version` is the release date from `graphs[0].meta.version`
 * (the full IRI when it holds no date). Malformed JSON or a missing `graphs[0]` is an error.
 */
export function readHpoOntology(file: string): HpoOntology {
  const doc = readJson<{ graphs?: { meta?: { version?: unknown }; nodes?: GraphNode[]; edges?: GraphEdge[] }[] }>(file);
  const graph = doc?.graphs?.[0];
  if (!graph || !Array.isArray(graph.nodes)) throw new IngestError(file, '/graphs/0/nodes', 'missing OBO Graphs node list');
  const terms = new Map<string, HpoTerm>();
  graph.nodes.forEach((node, k) => {
    if (node.type !== 'CLASS' || typeof node.id !== 'string') return;
    const id = iriToCurie(node.id);
    if (id === null || !id.startsWith('HP:')) return;
    if (!HP_ID.test(id)) throw new IngestError(file, `/graphs/0/nodes/${k}/id`, `malformed HPO id "${node.id}"`);
    const meta = node.meta ?? {};
    const replacements = new Set<string>();
    const altIds: string[] = [];
    for (const p of meta.basicPropertyValues ?? []) {
      if (p.pred === REPLACED_BY && typeof p.val === 'string') replacements.add(iriToCurie(p.val) ?? p.val);
      if (p.pred === ALT_ID && typeof p.val === 'string' && HP_ID.test(p.val) && !altIds.includes(p.val)) altIds.push(p.val);
    }
    const synonyms: string[] = [];
    const synonymKinds: HpoSynonym[] = [];
    for (const syn of meta.synonyms ?? []) {
      if (typeof syn.val !== 'string' || syn.val === '' || synonyms.includes(syn.val)) continue;
      synonyms.push(syn.val);
      // The type is an IRI (`.../hp#layperson`, `.../hp#abbreviation`): its last part names it.
      const type = typeof syn.synonymType === 'string' ? (syn.synonymType.split(/[#/]/).pop() ?? null) : null;
      synonymKinds.push({ text: syn.val, scope: SCOPES[String(syn.pred)] ?? 'related', type });
    }
    terms.set(id, {
      id,
      label: typeof node.lbl === 'string' ? node.lbl : '',
      definition: typeof meta.definition?.val === 'string' && meta.definition.val !== '' ? meta.definition.val : null,
      parents: [],
      deprecated: meta.deprecated === true,
      replacedBy: replacements.size === 1 ? [...replacements][0] : null,
      altIds,
      synonyms,
      synonymKinds,
    });
  });
  for (const edge of graph.edges ?? []) {
    if (edge.pred !== 'is_a' || typeof edge.sub !== 'string' || typeof edge.obj !== 'string') continue;
    const child = terms.get(iriToCurie(edge.sub) ?? '');
    const parent = iriToCurie(edge.obj);
    if (child && parent?.startsWith('HP:') && !child.parents.includes(parent)) child.parents.push(parent);
  }
  const version = graph.meta?.version;
  return { version: typeof version === 'string' ? releaseDate(version) : null, terms };
}

import { checkMondoId } from './curie.ts';
import { forEachTsvRow } from './read-text.ts';
import type { SubclassEdge } from './source-types.ts';

const KGX_COLUMNS = ['subject', 'predicate', 'object'] as const;
const REPORT_COLUMNS = ['x', 'p', 'y'] as const;

/**
 * is_a edges of the mondo-rare subset release (`subsets/mondo-rare_edges.tsv`, KGX): rows with
 * predicate `biolink:subclass_of` between two MONDO classes. Other predicates (gene links) are skipped.
 */
export function readRareEdges(file: string): SubclassEdge[] {
  const out: SubclassEdge[] = [];
  forEachTsvRow(file, KGX_COLUMNS, ([child, predicate, parent], line) => {
    if (predicate !== 'biolink:subclass_of' || !child.startsWith('MONDO:') || !parent.startsWith('MONDO:')) return;
    out.push({ child: checkMondoId(file, line, child), parent: checkMondoId(file, line, parent) });
  });
  return out;
}

/**
 * is_a edges of the whole ontology from `reports/edges.tsv` (2023-08-01): `rdfs:subClassOf` rows
 * between two MONDO classes. Imported-ontology edges and RO/BFO relations are skipped.
 */
export function readOntologyEdges(file: string): SubclassEdge[] {
  const out: SubclassEdge[] = [];
  forEachTsvRow(file, REPORT_COLUMNS, ([child, predicate, parent], line) => {
    if (predicate !== 'rdfs:subClassOf' || !child.startsWith('MONDO:') || !parent.startsWith('MONDO:')) return;
    out.push({ child: checkMondoId(file, line, child), parent: checkMondoId(file, line, parent) });
  });
  return out;
}

import { readHpoLabels } from '../ingest/hpo-babelon.ts';
import { readHpoOntology } from '../ingest/hpo-ontology.ts';
import { resolveInputs } from '../ingest/registry.ts';
import { HPO } from '../ingest/sources/hpo-source.ts';
import type { HpoTerm } from '../ingest/source-types.ts';

/** An HPO term as the editorial checks and the curator's look-up see it. */
export interface EditorialHpoTerm {
  id: string;
  /** The label the API shows (the newest label file's where there is one). */
  label: string;
  /** Every name the term answers to: its labels and synonyms, lower-cased. */
  names: string[];
  obsolete: boolean;
  replacedBy: string | null;
}

/** The HPO release the build reads, with each term by id (alternative ids lead to their term). */
export interface EditorialHpo {
  release: string | null;
  terms: Map<string, EditorialHpoTerm>;
}

/** The editorial view of an HPO release: every term by id, alternative ids as obsolete terms replaced by the one that merged them. */
export function editorialHpo(
  release: string | null,
  ontology: ReadonlyMap<string, HpoTerm>,
  newer: ReadonlyMap<string, string>,
): EditorialHpo {
  const terms = new Map<string, EditorialHpoTerm>();
  for (const t of ontology.values()) {
    const label = newer.get(t.id) ?? t.label;
    const names = [...new Set([label, t.label, ...t.synonyms].map((n) => n.toLowerCase()))];
    terms.set(t.id, { id: t.id, label, names, obsolete: t.deprecated, replacedBy: t.replacedBy });
  }
  // An alternative id is not a current term: it reads as obsolete, replaced by the term that merged it.
  for (const t of ontology.values()) {
    for (const alt of t.altIds)
      if (!terms.has(alt)) terms.set(alt, { ...(terms.get(t.id) as EditorialHpoTerm), id: alt, obsolete: true, replacedBy: t.id });
  }
  return { release, terms };
}

/** Reads HPO as the build does (the HPO source entry's first present alternative, plus the newer labels). */
export function readEditorialHpo(dataDir: string, contentDir: string): EditorialHpo {
  const inputs = resolveInputs(HPO, dataDir, contentDir);
  const ontologyFile = (inputs.get('current-ontology') ?? inputs.get('ontology'))?.files[0];
  if (!ontologyFile) throw new Error('no HPO ontology file found');
  const ontology = readHpoOntology(ontologyFile);
  const labelsFile = inputs.get('labels')?.files[0];
  return editorialHpo(ontology.version, ontology.terms, labelsFile ? readHpoLabels(labelsFile) : new Map<string, string>());
}

import { join, resolve } from 'node:path';
import { buildPhenotypeIndex } from '../../build/compile/phenotype-index-build.ts';
import { readHpoOntology } from '../../build/ingest/hpo-ontology.ts';
import { readHpoa } from '../../build/ingest/hpoa.ts';
import { createHpoAncestry } from '../../build/record/assemble.ts';
import { informationContent } from '../../build/record/information-content.ts';
import { createHpoLookup, mergePhenotypes } from '../../build/record/phenotypes.ts';
import { QcReport } from '../../build/record/qc.ts';
import type { DiseaseRecord } from '../../build/record/record-types.ts';
import { PhenotypeModel } from '../../server/phenotypes/phenotype-model.ts';

const DIR = resolve(import.meta.dirname, '../fixtures/phenotype-match');

/**
 * The phenotype index and model of the small fixture in upstream formats (test/fixtures/phenotype-match:
 * a cut of HPO 2023-01-27's hp.json, the closure of the annotated terms, and real rows of its
 * phenotype.hpoa), made by the build's own functions. Diseases keep their OMIM ids. `parents`
 * gives records a hierarchy (the fixture's diseases have none in Mondo: a test of the group
 * mechanism states its own), and names served diseases without phenotypes that stand between them.
 */
export function fixtureModel(parents: Record<string, string[]> = {}) {
  const { terms, version } = readHpoOntology(join(DIR, 'hp.json'));
  const hpoa = readHpoa(join(DIR, 'phenotype.hpoa'));
  const ancestry = createHpoAncestry(terms);
  const perDisease = new Map<string, string[]>();
  for (const a of hpoa.annotations)
    if (!a.negated) (perDisease.get(a.diseaseId) ?? perDisease.set(a.diseaseId, []).get(a.diseaseId)!).push(a.hpoId);
  const ic = informationContent(perDisease.values(), ancestry);
  const lookup = createHpoLookup(terms, new Map());
  const ids = [...new Set([...hpoa.annotations.map((a) => a.diseaseId), ...Object.keys(parents)])].sort();
  const qc = new QcReport();
  const records = ids.map(
    (id) =>
      ({
        id,
        parents: (parents[id] ?? []).map((p) => ({ id: p, name: p })),
        phenotypes: mergePhenotypes(
          id,
          hpoa.annotations.filter((a) => a.diseaseId === id).map((row) => ({ row, release: '2023-01-27' })),
          [],
          lookup,
          qc,
        ),
      }) as unknown as DiseaseRecord,
  );
  const built = buildPhenotypeIndex({ terms, hpoRelease: version, records, ic });
  return { ...built, model: new PhenotypeModel(built.index) };
}

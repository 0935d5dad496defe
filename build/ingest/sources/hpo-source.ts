import { defineSource } from '../source-entry.ts';
import { releaseDate } from '../curie.ts';
import { readHpoLabels } from '../hpo-babelon.ts';
import { readHpoGenes } from '../hpo-genes.ts';
import { readHpoOntology } from '../hpo-ontology.ts';
import { readHpoa } from '../hpoa.ts';

/**
 * HPO: the ontology (a current hp.json, else our 2023 cut with the 2026 labels), the annotations and the gene-disease pairs.
 */
export const HPO = defineSource({
  id: 'hpo',
  name: 'Human Phenotype Ontology and annotations',
  license: 'HPO terms of use (free with attribution)',
  release: '2023-01-27',
  cadence: 'monthly-1st',
  homepage: 'https://hpo.jax.org/',
  format:
    'OBO Graphs JSON (hp.json), HPOA TSV (both header layouts), genes_to_phenotype TSV (2023 9-column or current 6-column); the 2026 Babelon labels update the 2023 ontology of our cut and are not read with a current hp.json',
  inputs: [
    { name: 'current-ontology', optional: true, oneOf: ['hpo/hp.json'] },
    { name: 'ontology', unlessFound: 'current-ontology', oneOf: ['hpo/hp_2023-01-27.json.gz'] },
    { name: 'annotations', oneOf: ['hpo/phenotype.hpoa', 'hpo/phenotype_2023-01-27.hpoa.gz'] },
    { name: 'genes', oneOf: ['hpo/genes_to_phenotype.txt', 'hpo/genes_to_phenotype_2023-01.txt.gz'] },
    { name: 'labels', optional: true, unlessFound: 'current-ontology', oneOf: ['hpo/hp_labels_2026-06.babelon.tsv.gz'] },
  ],
  upstream: [
    { path: 'hpo/hp.json', url: 'http://purl.obolibrary.org/obo/hp.json' },
    { path: 'hpo/phenotype.hpoa', url: 'http://purl.obolibrary.org/obo/hp/hpoa/phenotype.hpoa' },
    { path: 'hpo/genes_to_phenotype.txt', url: 'http://purl.obolibrary.org/obo/hp/hpoa/genes_to_phenotype.txt' },
  ],
  read(files) {
    // A current hp.json (fetched upstream) has current labels; the 2026 label file only updates our 2023 cut.
    const ontology = readHpoOntology((files.files('current-ontology') ?? files.files('ontology')!)[0]);
    const hpoa = readHpoa(files.one('annotations'));
    const labels = files.files('labels')?.[0];
    return {
      release: hpoa.date ?? (ontology.version ? releaseDate(ontology.version) : null),
      facts: {
        hpoTerms: ontology.terms,
        hpoLabels: labels ? readHpoLabels(labels) : new Map<string, string>(),
        hpoa,
        hpoGenes: readHpoGenes(files.one('genes')),
      },
    };
  },
});

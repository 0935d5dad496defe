import { defineSource } from '../source-entry.ts';
import { readMondoOmimGenes } from '../mondo-omim-genes.ts';

/** The Mondo ingest's OMIM causal genes. */
export const MONDO_INGEST = defineSource({
  id: 'mondo-ingest',
  name: 'Mondo ingest: OMIM causal genes',
  license: 'CC BY 4.0',
  release: '2025-12-05',
  cadence: 'per-release',
  homepage: 'https://github.com/monarch-initiative/mondo-ingest',
  format: 'ROBOT template TSV',
  inputs: [{ name: 'omim-genes', oneOf: ['mondo-ingest/mondo-omim-genes.robot.tsv', 'mondo-ingest/mondo-omim-genes.robot.tsv.gz'] }],
  upstream: [
    {
      path: 'mondo-ingest/mondo-omim-genes.robot.tsv',
      url: 'https://raw.githubusercontent.com/monarch-initiative/mondo-ingest/main/src/ontology/external/mondo-omim-genes.robot.tsv',
    },
  ],
  read: (files) => ({ release: null, facts: { geneLinks: readMondoOmimGenes(files.one('omim-genes')) } }),
});

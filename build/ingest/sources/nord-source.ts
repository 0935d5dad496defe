import { defineSource } from '../source-entry.ts';
import { readNordReports } from '../nord.ts';

/** NORD's rare-disease report references, as the Mondo ingest gives them. */
export const NORD = defineSource({
  id: 'nord',
  name: 'NORD rare disease report references (via Mondo ingest)',
  license: 'CC BY 4.0',
  release: '2025-12-05',
  cadence: 'per-release',
  homepage: 'https://rarediseases.org/',
  format: 'ROBOT template TSV',
  inputs: [{ name: 'reports', oneOf: ['mondo-ingest/nord.robot.tsv', 'mondo-ingest/nord.robot.tsv.gz'] }],
  upstream: [
    {
      path: 'mondo-ingest/nord.robot.tsv',
      url: 'https://raw.githubusercontent.com/monarch-initiative/mondo-ingest/main/src/ontology/external/nord.robot.tsv',
    },
  ],
  read: (files) => ({ release: null, facts: { nord: readNordReports(files.one('reports')) } }),
});

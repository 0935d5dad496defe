import { defineSource } from '../source-entry.ts';
import { readGardDiseases, readGardXrefs } from '../gard.ts';

/** GARD's disease names and cross-references. */
export const GARD = defineSource({
  id: 'gard',
  name: 'GARD (NIH Genetic and Rare Diseases Information Center) disease names and cross-references',
  license: 'Public domain (US government work, NCATS)',
  release: '2024-05-30',
  cadence: 'per-release',
  homepage: 'https://rarediseases.info.nih.gov/',
  format:
    'CSV: GARD.csv (GardID, DataSource, SourceID, ClassificationLevel, DisorderType, Name, Synonym) and GARD_xrefs.csv (GardID, XrefSource, SourceID, MapRelationship)',
  inputs: [
    { name: 'diseases', oneOf: ['gard/GARD.csv', 'gard/gard_diseases_2024-05.csv.gz'] },
    { name: 'xrefs', oneOf: ['gard/GARD_xrefs.csv', 'gard/gard_xrefs_2024-05.csv.gz'] },
  ],
  upstream: [
    { path: 'gard/GARD.csv', url: 'https://raw.githubusercontent.com/ncats/RDAS/master/RDAS_GARD/src/GARD.csv' },
    { path: 'gard/GARD_xrefs.csv', url: 'https://raw.githubusercontent.com/ncats/RDAS/master/RDAS_GARD/src/GARD_xrefs.csv' },
  ],
  read: (files) => ({
    release: null,
    facts: { gard: { diseases: readGardDiseases(files.one('diseases')), xrefs: readGardXrefs(files.one('xrefs')) } },
  }),
});

import { defineSource } from '../source-entry.ts';
import { releaseDate } from '../curie.ts';
import { readDoidObo } from '../doid-obo.ts';

/** Disease Ontology's rare slim: fallback definitions and synonyms. */
export const DOID = defineSource({
  id: 'doid',
  name: 'Disease Ontology rare-disease slim',
  license: 'CC0 1.0',
  release: '2026-07-31',
  cadence: 'per-release',
  homepage: 'https://disease-ontology.org/',
  format: 'OBO 1.2',
  inputs: [{ name: 'rare-slim', oneOf: ['mondo/DO_rare_slim.obo', 'mondo/doid_DO_rare_slim_2026-07-31.obo.gz'] }],
  upstream: [
    {
      path: 'mondo/DO_rare_slim.obo',
      url: 'https://raw.githubusercontent.com/DiseaseOntology/HumanDiseaseOntology/HEAD/src/ontology/releases/subsets/DO_rare_slim.obo',
    },
  ],
  read(files) {
    const doid = readDoidObo(files.one('rare-slim'));
    return { release: doid.dataVersion ? releaseDate(doid.dataVersion) : null, facts: { doid: doid.terms } };
  },
});

import { defineSource } from '../source-entry.ts';
import { readAngelmanTrials } from '../ctgov.ts';

/** The Angelman syndrome study set. */
export const CTGOV_ANGELMAN = defineSource({
  id: 'ctgov-angelman',
  name: 'ClinicalTrials.gov Angelman syndrome study set',
  license: 'ClinicalTrials.gov data public domain',
  release: '2026-08-21',
  cadence: 'weekly-sunday',
  homepage: 'https://github.com/gerardoughduenas/angelman-data',
  format: 'JSON array of flattened studies',
  inputs: [
    {
      name: 'studies',
      oneOf: ['clinicaltrials/angelman-clinical-trials.json', 'clinicaltrials/angelman-clinical-trials.json.gz'],
    },
  ],
  upstream: [
    {
      path: 'clinicaltrials/angelman-clinical-trials.json',
      url: 'https://raw.githubusercontent.com/gerardoughduenas/angelman-data/HEAD/angelman-clinical-trials.json',
    },
  ],
  read: (files) => ({ release: null, facts: { trialsAngelman: readAngelmanTrials(files.one('studies')) } }),
});

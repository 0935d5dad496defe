import { readCtgovSample } from '../ctgov.ts';
import { defineSource, newest } from '../source-entry.ts';

/** The 2.5 % sample of ClinicalTrials.gov: the trial counts. */
export const CTGOV_SAMPLE = defineSource({
  id: 'ctgov-sample',
  name: 'ClinicalTrials.gov 2.5% random sample (ctrialsgov)',
  license: 'MIT (package); ClinicalTrials.gov data public domain',
  release: '2021-09-22',
  cadence: 'weekly-sunday',
  homepage: 'https://clinicaltrials.gov/',
  format: "CSV (our conversion of the ctrialsgov R package's sample)",
  inputs: [{ name: 'sample', oneOf: ['clinicaltrials/ctrialsgov_tbl_join_sample_2021-09.csv.gz'] }],
  upstream: [],
  upstreamNote: "A fixed sample converted from an R data file; the registry's API v2 is not ingested yet, so there is nothing to download.",
  read(files) {
    const trialsSample = readCtgovSample(files.one('sample'));
    return { release: newest(trialsSample.map((s) => s.lastUpdate)), facts: { trialsSample } };
  },
});

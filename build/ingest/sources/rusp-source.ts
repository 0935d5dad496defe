import { defineSource } from '../source-entry.ts';
import { readRusp } from '../rusp.ts';

/** The US newborn screening panel, our transcription mapped to Mondo. */
export const RUSP = defineSource({
  id: 'rusp',
  name: 'US Recommended Uniform Screening Panel (our curated transcription)',
  license: 'Public domain (HHS/HRSA); Mondo ids CC BY 4.0',
  release: '2025-12-16',
  cadence: 'monthly-1st',
  homepage: 'https://www.hrsa.gov/advisory-committees/heritable-disorders/rusp',
  format: 'TSV in content/curated/',
  inputs: [{ name: 'panel', oneOf: ['content:curated/rusp.tsv'] }],
  upstream: [],
  upstreamNote: 'Our transcription in content/curated/rusp.tsv, edited in this repository when HRSA changes the panel.',
  read: (files) => ({ release: null, facts: { rusp: readRusp(files.one('panel')) } }),
});

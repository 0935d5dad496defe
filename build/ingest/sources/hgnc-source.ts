import { readHgncGenes } from '../hgnc.ts';
import { defineSource, newest } from '../source-entry.ts';

/** HGNC's approved symbols, against which every gene is validated. */
export const HGNC = defineSource({
  id: 'hgnc',
  name: 'HGNC approved gene symbols',
  license: 'CC0',
  release: '2024-10-18',
  cadence: 'per-release',
  homepage: 'https://www.genenames.org/',
  format: 'HGNC complete set TSV (all 54 columns, or a subset keeping the columns read)',
  inputs: [
    {
      name: 'complete-set',
      oneOf: ['hgnc/hgnc_complete_set.txt', 'hgnc/hgnc_complete_set.txt.gz', 'hgnc/hgnc_complete_set_2024-10_subset.tsv.gz'],
    },
  ],
  upstream: [
    {
      path: 'hgnc/hgnc_complete_set.txt',
      url: 'https://storage.googleapis.com/public-download-files/hgnc/tsv/tsv/hgnc_complete_set.txt',
    },
  ],
  read(files) {
    const hgnc = readHgncGenes(files.one('complete-set'));
    return { release: newest(hgnc.map((g) => g.dateModified)), facts: { hgnc } };
  },
});

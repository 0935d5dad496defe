import { defineSource } from '../source-entry.ts';
import { basename, dirname } from 'node:path';
import { releaseDate } from '../curie.ts';
import { type MondoData, readMondo } from '../mondo-release.ts';
import { IngestError, type SssomMapping } from '../source-types.ts';
import { readSssom } from '../sssom.ts';

/** Mondo's per-predicate SSSOM sets, read together where the combined mondo.sssom.tsv is not present. */
const MAPPING_SETS = [
  'broadmatch_icd10cm',
  'broadmatch_icd11.foundation',
  'broadmatch_mesh',
  'broadmatch_ncit',
  'broadmatch_sctid',
  'closematch_icd10cm',
  'closematch_meddra',
  'closematch_ncit',
  'closematch_sctid',
  'exactmatch_doid',
  'exactmatch_efo',
  'exactmatch_icd10cm',
  'exactmatch_icd10who',
  'exactmatch_icd11.foundation',
  'exactmatch_meddra',
  'exactmatch_medgen',
  'exactmatch_mesh',
  'exactmatch_ncit',
  'exactmatch_omim',
  'exactmatch_omimps',
  'exactmatch_orphanet',
  'exactmatch_sctid',
  'exactmatch_umls',
  'hasdbxref_birnlex',
  'hasdbxref_csp',
  'hasdbxref_decipher',
  'hasdbxref_doid',
  'hasdbxref_efo',
  'hasdbxref_gard',
  'hasdbxref_gtr',
  'hasdbxref_hgnc',
  'hasdbxref_hp',
  'hasdbxref_icd10cm',
  'hasdbxref_icd10who',
  'hasdbxref_icd11.foundation',
  'hasdbxref_icd9',
  'hasdbxref_icd9cm',
  'hasdbxref_icdo',
  'hasdbxref_ido',
  'hasdbxref_meddra',
  'hasdbxref_medgen',
  'hasdbxref_mesh',
  'hasdbxref_mfomd',
  'hasdbxref_mpath',
  'hasdbxref_mth',
  'hasdbxref_nando',
  'hasdbxref_ncit',
  'hasdbxref_ndfrt',
  'hasdbxref_nord',
  'hasdbxref_obi',
  'hasdbxref_ogms',
  'hasdbxref_omia',
  'hasdbxref_omim',
  'hasdbxref_omimps',
  'hasdbxref_oncotree',
  'hasdbxref_orphanet',
  'hasdbxref_pmid',
  'hasdbxref_scdo',
  'hasdbxref_sctid',
  'hasdbxref_umls',
  'hasdbxref_wikipedia',
  'narrowmatch_icd10cm',
  'narrowmatch_icd11.foundation',
  'narrowmatch_mesh',
  'narrowmatch_ncit',
  'narrowmatch_sctid',
  'relatedmatch_icd10cm',
  'relatedmatch_meddra',
  'relatedmatch_mesh',
  'relatedmatch_ncit',
  'relatedmatch_sctid',
].map((set) => `mondo/mappings/mondo_${set}.sssom.tsv.gz`);

/**
 * Mondo's SSSOM mapping sets (each mapping marked with its set), or the cross-references of the
 * full release where no SSSOM file is present; the version is the first set's when the release
 * states none.
 */
function readMappings(files: string[], mondo: MondoData): { mappings: SssomMapping[]; version: string | null } {
  let version = mondo.version;
  const mappings: SssomMapping[] = [];
  for (const f of files) {
    const s = readSssom(f);
    version ??= s.mappingSetVersion ? releaseDate(s.mappingSetVersion) : null;
    const set = basename(f).replace(/\.sssom\.tsv(?:\.gz)?$/, '');
    for (const x of s.mappings) {
      x.set = set;
      mappings.push(x);
    }
  }
  return { mappings, version };
}

/** Mondo: identity, rarity, hierarchy, obsolete ids, definitions, synonyms and, with its SSSOM sets, the cross-references. */
export const MONDO = defineSource({
  id: 'mondo',
  name: 'Mondo Disease Ontology',
  license: 'CC BY 4.0 (SSSOM mappings CC0 1.0)',
  release: '2026-08-04',
  cadence: 'per-release',
  homepage: 'https://mondo.monarchinitiative.org/',
  format:
    'Full release as OBO (mondo.obo) or OBO Graphs JSON (mondo.json); without it, the TSV reports (class-stats, subsets, edges, obsoletes, 2023 rare list, release-diff definitions). Mappings as SSSOM TSV (mondo.sssom.tsv or the per-predicate files).',
  inputs: [
    {
      name: 'ontology',
      optional: true,
      oneOf: ['mondo/mondo.obo', 'mondo/mondo.obo.gz', 'mondo/mondo.json', 'mondo/mondo.json.gz'],
    },
    { name: 'class-stats', unlessFound: 'ontology', oneOf: ['mondo/class-stats.tsv.gz'] },
    { name: 'subsets', unlessFound: 'ontology', oneOf: ['mondo/mondo_subsets.tsv.gz'] },
    { name: 'rare-edges', unlessFound: 'ontology', oneOf: ['mondo/mondo-rare_edges.tsv.gz'] },
    { name: 'edges', unlessFound: 'ontology', oneOf: ['mondo/edges_2023-08-01.tsv.gz'] },
    { name: 'obsoletes', unlessFound: 'ontology', oneOf: ['mondo/obsoletes.tsv.gz'] },
    { name: 'rare-list', unlessFound: 'ontology', oneOf: ['mondo/new-rare-diseases_2023-08.tsv.gz'] },
    { name: 'definitions-new', unlessFound: 'ontology', oneOf: ['mondo/mondo_release_diff_new_terms_2021-11_2026-08.tsv.gz'] },
    {
      name: 'definitions-changed',
      unlessFound: 'ontology',
      oneOf: ['mondo/mondo_release_diff_changed_terms_2021-11_2026-08.tsv.gz'],
    },
    {
      name: 'mappings',
      folderFiles: 'mondo_*.sssom.tsv.gz',
      oneOf: ['mondo/mappings/mondo.sssom.tsv', 'mondo/mappings/mondo.sssom.tsv.gz', 'mondo/mappings/', MAPPING_SETS],
    },
  ],
  upstream: [
    { path: 'mondo/mondo.obo', url: 'http://purl.obolibrary.org/obo/mondo.obo' },
    { path: 'mondo/mappings/mondo.sssom.tsv', url: 'http://purl.obolibrary.org/obo/mondo/mappings/mondo.sssom.tsv' },
  ],
  read(files) {
    const mondo = readMondo(files);
    const mappingFiles = files.files('mappings') ?? [];
    const { mappings, version } = readMappings(mappingFiles, mondo);
    if (mappingFiles.length === 0) {
      if (mondo.from !== 'ontology') {
        const where = dirname(files.files('class-stats')![0]);
        throw new IngestError(
          `${where}/mappings`,
          '',
          'no Mondo mappings: need the SSSOM files or the full release (mondo.obo / mondo.json)',
        );
      }
      mappings.push(...mondo.xrefMappings);
    }
    return {
      release: version,
      facts: {
        /** Whether Mondo's facts came from the full release or the partial reports. */
        mondoFrom: mondo.from,
        classes: mondo.classes,
        obsoletes: mondo.obsoletes,
        subsets: mondo.subsets,
        edges: mondo.edges,
        mappings,
        definitions: mondo.definitions,
        /** Mondo synonyms per class: the full release's (with scope and type), else the 2023 rare list's (scope unknown). */
        mondoSynonyms: mondo.synonyms,
      },
    };
  },
});

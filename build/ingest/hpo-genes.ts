import { IngestError } from './source-types.ts';
import { columnIndexes, readText, splitLines } from './read-text.ts';

/** One distinct gene-disease pair from HPO's genes_to_phenotype file. */
export interface HpoGeneDisease {
  entrezId: string;
  symbol: string;
  diseaseId: string;
  gdSource: string;
}

const OLD_COLUMNS = 9;
const OLD_HEADER = '#Format: entrez-gene-id';
/** The layout HPO publishes since 2023-04 (`ncbi_gene_id gene_symbol hpo_id hpo_name frequency disease_id`). */
const NEW_COLUMNS = ['ncbi_gene_id', 'gene_symbol', 'disease_id'] as const;
const DISEASE_ID = /^[A-Z]+:\S+$/;

/**
 * Read genes_to_phenotype.txt and keep the distinct gene-disease pairs (the phenotype columns
 * repeat what phenotype.hpoa already holds). Both layouts: the old 9 columns under a
 * `#Format: entrez-gene-id<tab>...` line (2023-01, with the G-D source), and the current one with
 * a named header (`ncbi_gene_id`, `gene_symbol`, ..., `disease_id`; no G-D source: '').
 */
export function readHpoGenes(file: string): HpoGeneDisease[] {
  const lines = splitLines(readText(file));
  const seen = new Set<string>();
  const out: HpoGeneDisease[] = [];
  const add = (line: number, entrezId: string, symbol: string, diseaseId: string, gdSource: string): void => {
    if (!DISEASE_ID.test(diseaseId)) throw new IngestError(file, `line ${line}`, `malformed disease id "${diseaseId}"`);
    const key = `${symbol}\t${diseaseId}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ entrezId: entrezId.replace(/^NCBIGene:/, ''), symbol, diseaseId, gdSource });
  };
  if (lines[0]?.startsWith(OLD_HEADER)) {
    for (let i = 1; i < lines.length; i++) {
      if (!lines[i]) continue;
      const f = lines[i].split('\t');
      if (f.length < OLD_COLUMNS)
        throw new IngestError(file, `line ${i + 1}`, `expected ${OLD_COLUMNS} tab-separated columns, found ${f.length}`);
      add(i + 1, f[0], f[1], f[8], f[7]);
    }
    return out;
  }
  if (!lines[0]?.startsWith('ncbi_gene_id')) {
    throw new IngestError(
      file,
      'line 1',
      `expected the "${OLD_HEADER}<tab>entrez-gene-symbol..." line or a header naming ${NEW_COLUMNS.join(', ')}`,
    );
  }
  const [gene, symbol, disease] = columnIndexes(file, 1, lines[0].split('\t'), NEW_COLUMNS);
  for (let i = 1; i < lines.length; i++) {
    if (!lines[i]) continue;
    const f = lines[i].split('\t');
    add(i + 1, f[gene] ?? '', f[symbol] ?? '', f[disease] ?? '', '');
  }
  return out;
}

import { IngestError } from './types.ts';
import { readText } from './read-text.ts';

/** One distinct gene-disease pair from HPO's genes_to_phenotype file. */
export interface HpoGeneDisease { entrezId: string; symbol: string; diseaseId: string; gdSource: string }

const COLUMNS = 9;

/**
 * Read the old 9-column genes_to_phenotype.txt (2023) and keep the distinct gene-disease pairs;
 * the phenotype columns repeat what phenotype.hpoa already holds.
 */
export function readHpoGenes(file: string): HpoGeneDisease[] {
  const text = readText(file);
  const lines = text.split('\n');
  if (!lines[0]?.startsWith('#Format: entrez-gene-id')) {
    throw new IngestError(file, 'line 1', 'expected the "#Format: entrez-gene-id<tab>entrez-gene-symbol..." header');
  }
  const seen = new Set<string>();
  const out: HpoGeneDisease[] = [];
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i];
    if (!line) continue;
    const f = line.split('\t');
    if (f.length < COLUMNS) throw new IngestError(file, `line ${i + 1}`, `expected ${COLUMNS} tab-separated columns, found ${f.length}`);
    const [entrezId, symbol, , , , , , gdSource, diseaseId] = f;
    if (!/^[A-Z]+:\S+$/.test(diseaseId)) throw new IngestError(file, `line ${i + 1}`, `malformed disease id "${diseaseId}"`);
    const key = symbol + '\t' + diseaseId;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ entrezId, symbol, diseaseId, gdSource });
  }
  return out;
}

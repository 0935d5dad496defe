import { HGNC_ID, checkId } from './curie.ts';
import { forEachTsvRow, splitList } from './read-text.ts';
import { IngestError, type HgncGene } from './source-types.ts';

const COLUMNS = [
  'hgnc_id',
  'symbol',
  'name',
  'locus_group',
  'locus_type',
  'status',
  'alias_symbol',
  'prev_symbol',
  'entrez_id',
  'ensembl_gene_id',
  'omim_id',
  'date_modified',
] as const;

/**
 * Genes from the HGNC complete set TSV: the upstream `hgnc_complete_set.txt` with all its columns
 * (54 in 2024; columns are found by name, so added or reordered ones do no harm) or any column
 * subset that keeps the columns above. Multi-valued fields (`alias_symbol`, `prev_symbol`,
 * `omim_id`) are `|`-separated; upstream writes a multi-valued cell in double quotes
 * (`"A14GALT|Gb3S"`), which are removed. OMIM and Entrez ids stay bare numbers as HGNC writes
 * them; empty cells are null or [].
 */
export function readHgncGenes(file: string): HgncGene[] {
  const out: HgncGene[] = [];
  forEachTsvRow(
    file,
    COLUMNS,
    (cells, line) => {
      const [hgncId, symbol, name, locusGroup, locusType, status, aliases, previous, entrezId, ensemblId, omimIds, dateModified] = cells;
      checkId(file, line, 'HGNC', HGNC_ID, hgncId);
      if (symbol === '') throw new IngestError(file, `line ${line}`, `empty symbol for ${hgncId}`);
      out.push({
        hgncId,
        symbol,
        name,
        locusGroup,
        locusType,
        status,
        aliasSymbols: splitList(aliases, '|'),
        prevSymbols: splitList(previous, '|'),
        entrezId: entrezId === '' ? null : entrezId,
        ensemblId: ensemblId === '' ? null : ensemblId,
        omimIds: splitList(omimIds, '|'),
        dateModified: dateModified === '' ? null : dateModified,
      });
    },
    { unquote: true },
  );
  return out;
}

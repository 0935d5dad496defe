import { HGNC_ID, MONDO_ID, iriToCurie } from './curie.ts';
import { forEachTsvRow } from './read-text.ts';
import { IngestError, type MondoGeneLink } from './source-types.ts';

const COLUMNS = ['mondo_id', 'hgnc_id', 'omim_disease_xref', 'omim_gene'] as const;
const OMIM_ENTRY = /^https?:\/\/(?:www\.)?omim\.org\/entry\/(\d+)$/;

/**
 * Disease -> causal gene links ("has material basis in germline mutation in") from the mondo-ingest
 * ROBOT template `mondo-omim-genes.robot.tsv`. Row 2 (template directives) is skipped. IRIs become
 * CURIEs: `MONDO:0000208`, `HGNC:28403`; the OMIM gene URL `https://omim.org/entry/616013` becomes
 * `OMIM:616013` to match `omim_disease_xref` (other forms are kept as written). Empty cells are null.
 */
export function readMondoOmimGenes(file: string): MondoGeneLink[] {
  const out: MondoGeneLink[] = [];
  forEachTsvRow(
    file,
    COLUMNS,
    ([mondoIri, hgncIri, omimDisease, omimGene], line) => {
      const mondoId = curie(file, line, 'Mondo', MONDO_ID, mondoIri);
      const hgncId = curie(file, line, 'HGNC', HGNC_ID, hgncIri);
      const entry = OMIM_ENTRY.exec(omimGene);
      out.push({
        mondoId,
        hgncId,
        omimDisease: omimDisease === '' ? null : omimDisease,
        omimGene: omimGene === '' ? null : entry ? `OMIM:${entry[1]}` : omimGene,
      });
    },
    { robotTemplate: true },
  );
  return out;
}

function curie(file: string, line: number, kind: string, pattern: RegExp, iri: string): string {
  const id = iriToCurie(iri) ?? iri;
  if (!pattern.test(id)) throw new IngestError(file, `line ${line}`, `malformed ${kind} id "${iri}"`);
  return id;
}

import type { HgncGene, MondoGeneLink, OrphaGene } from '../ingest/source-types.ts';
import type { HpoGeneDisease } from '../ingest/hpo-genes.ts';
import type { QcReport } from './qc.ts';
import type { GeneAssociation, GeneEntry } from './record-types.ts';

type Resolve = (
  symbol: string,
  hgncId?: string | null,
) => { status: 'approved'; gene: HgncGene } | { status: 'renamed'; gene: HgncGene; from: string } | { status: 'unknown'; symbol: string };

const ORPHANET_ASSOCIATION: Record<string, GeneAssociation> = {
  'Disease-causing germline mutation(s) in': 'causal',
  'Disease-causing germline mutation(s) (loss of function) in': 'causal-loss-of-function',
  'Disease-causing germline mutation(s) (gain of function) in': 'causal-gain-of-function',
  'Disease-causing somatic mutation(s) in': 'somatic',
  'Major susceptibility factor in': 'susceptibility',
  'Modifying germline mutation in': 'modifier',
  'Role in the phenotype of': 'role-in-phenotype',
  'Part of a fusion gene in': 'fusion',
  'Candidate gene tested in': 'candidate',
};
/** When sources disagree, the most specific statement of causation is published. */
const PRIORITY: GeneAssociation[] = [
  'causal-loss-of-function',
  'causal-gain-of-function',
  'causal',
  'somatic',
  'susceptibility',
  'modifier',
  'role-in-phenotype',
  'fusion',
  'candidate',
  'associated',
];

export interface GeneInputs {
  mondo: { link: MondoGeneLink; release: string }[];
  orphanet: { gene: OrphaGene; release: string }[];
  hpo: { row: HpoGeneDisease; release: string }[];
}

/**
 * Merge gene associations from Mondo (causal genes), Orphanet and HPO, keyed by HGNC id. Every
 * symbol is checked against the HGNC approved set: a previous symbol is published under the
 * current one (and reported), an unknown symbol is never published (QC warning).
 */
export function mergeGenes(diseaseId: string, inputs: GeneInputs, resolve: Resolve, qc: QcReport): GeneEntry[] {
  const byId = new Map<string, GeneEntry>();
  const add = (
    symbol: string,
    hgncId: string | null,
    association: GeneAssociation,
    source: GeneEntry['sources'][number]['source'],
    release: string,
    raw: string,
  ) => {
    const r = resolve(symbol, hgncId);
    if (r.status === 'unknown') {
      qc.warn(
        'unknown-gene',
        diseaseId,
        source,
        `gene symbol "${symbol}"${hgncId ? ` (${hgncId})` : ''} is not an approved HGNC symbol; not published`,
      );
      return;
    }
    // Mondo names genes by HGNC id only, so "renamed" from the id itself is no rename.
    if (r.status === 'renamed' && r.from !== hgncId)
      qc.warn('renamed-gene', diseaseId, source, `gene symbol "${r.from}" is now "${r.gene.symbol}" (${r.gene.hgncId})`);
    let e = byId.get(r.gene.hgncId);
    if (!e) {
      e = { symbol: r.gene.symbol, hgncId: r.gene.hgncId, name: r.gene.name, association, sources: [] };
      byId.set(r.gene.hgncId, e);
    } else if (PRIORITY.indexOf(association) < PRIORITY.indexOf(e.association)) {
      e.association = association;
    }
    if (!e.sources.some((s) => s.source === source && s.raw === raw))
      e.sources.push({ source, release, raw, sourceSymbol: symbol === hgncId ? r.gene.symbol : symbol });
  };
  for (const { link, release } of inputs.mondo) {
    add(link.hgncId, link.hgncId, 'causal', 'mondo-ingest', release, 'has material basis in germline mutation in');
  }
  for (const { gene, release } of inputs.orphanet) {
    const association = ORPHANET_ASSOCIATION[gene.associationType];
    if (!association)
      qc.warn('unknown-gene-association', diseaseId, 'orphanet', `association type "${gene.associationType}" for ${gene.symbol}`);
    add(gene.symbol, gene.hgncId, association ?? 'associated', 'orphanet', release, gene.associationType);
  }
  for (const { row, release } of inputs.hpo) {
    add(row.symbol, null, 'associated', 'hpo', release, `genes_to_phenotype (${row.gdSource})`);
  }
  return [...byId.values()].sort(
    (a, b) => PRIORITY.indexOf(a.association) - PRIORITY.indexOf(b.association) || a.symbol.localeCompare(b.symbol),
  );
}

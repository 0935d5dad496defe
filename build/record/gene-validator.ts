import type { HgncGene } from '../ingest/source-types.ts';

/** The outcome of checking one gene reference against HGNC. */
export type GeneResolution =
  | { status: 'approved'; gene: HgncGene }
  | { status: 'renamed'; gene: HgncGene; from: string }
  | { status: 'unknown'; symbol: string };

export interface GeneValidator {
  /** How many approved genes the validator knows. */
  approvedCount: number;
  resolve(symbol: string, hgncId?: string | null): GeneResolution;
}

/**
 * Resolves gene symbols (and optional HGNC ids) from other sources against the HGNC set.
 * Order: a known HGNC id wins (renamed when the given symbol differs from the current one); then a
 * current approved symbol; then a previous symbol that belongs to exactly one gene. Alias symbols
 * are never used (many are shared between genes). Matching is case-sensitive, as HGNC symbols
 * are (`C1orf21`).
 */
export function createGeneValidator(genes: readonly HgncGene[]): GeneValidator {
  const byId = new Map<string, HgncGene>();
  const bySymbol = new Map<string, HgncGene>();
  // null marks a previous symbol claimed by more than one gene.
  const byPrevious = new Map<string, HgncGene | null>();
  for (const gene of genes) {
    if (gene.status !== 'Approved') continue;
    byId.set(gene.hgncId, gene);
    bySymbol.set(gene.symbol, gene);
    for (const previous of gene.prevSymbols) {
      const seen = byPrevious.get(previous);
      byPrevious.set(previous, seen === undefined || seen === gene ? gene : null);
    }
  }
  return {
    approvedCount: byId.size,
    resolve(symbol: string, hgncId?: string | null): GeneResolution {
      const given = symbol.trim();
      const fromId = hgncId ? byId.get(hgncId.trim()) : undefined;
      if (fromId) return fromId.symbol === given ? { status: 'approved', gene: fromId } : { status: 'renamed', gene: fromId, from: given };
      const current = bySymbol.get(given);
      if (current) return { status: 'approved', gene: current };
      const renamed = byPrevious.get(given);
      if (renamed) return { status: 'renamed', gene: renamed, from: given };
      return { status: 'unknown', symbol: given };
    },
  };
}

import type { ListingRow } from '../contract/snapshot/listing-row.ts';
import { geneKey } from '../contract/snapshot/search-index.ts';
import { normalize } from '../contract/text/normalize.ts';
import { PAUSE_EVERY, type Work } from '../loading/slices.ts';

/**
 * Order of the rows a gene symbol finds. Someone typing "CFTR" means the disease the gene causes
 * and that clinicians deal with (cystic fibrosis), not a narrow entity that only names the gene
 * ("... from CFTR mutation") nor one the gene merely modifies or predisposes to. So: diseases the
 * gene causes first, then established clinical entities, then the best described.
 *
 *   first:  0 causal, 128 any other association; plus 4 - clinicalEvidence(row)
 *   then:   more phenotypes first (PHENOTYPE_SPAN - 1 - phenotypeCount, floored at 0)
 *
 * qualityScore is left to the static rank: it measures completeness and saturates (most well
 * described records score 90-100), so it separates few of the rows one gene finds.
 */

const OTHER_ASSOCIATION = 128;
const MAX_EVIDENCE = 4;
/** Phenotype counts of PHENOTYPE_SPAN - 1 and more rank alike; real records have a few hundred at most. */
const PHENOTYPE_SPAN = 1024;

/**
 * How many signs of an established clinical entity the row has (0-4): a patient advocacy group,
 * a clinical trial, an orphan drug designation, newborn screening.
 */
export function clinicalEvidence(row: ListingRow): number {
  return (row.pagCount > 0 ? 1 : 0) + (row.trialCount > 0 ? 1 : 0) + (row.orphanDrugCount > 0 ? 1 : 0) + (row.screened ? 1 : 0);
}

/** In-tier sub of a gene hit on `row` (lower first, under 2^18); `causal`: the gene causes the disease. */
export function geneSub(row: ListingRow, causal: boolean): number {
  const first = (causal ? 0 : OTHER_ASSOCIATION) + MAX_EVIDENCE - clinicalEvidence(row);
  return first * PHENOTYPE_SPAN + Math.max(0, PHENOTYPE_SPAN - 1 - row.phenotypeCount);
}

/**
 * Per gene key, one flag per row of `genes.get(key)`: 1 when the row names the gene among its causal
 * genes. Made in slices (server/loading/slices.ts).
 */
export function* causalFlags(genes: Map<string, Int32Array>, rows: ListingRow[]): Work<Map<string, Uint8Array>> {
  const keys: (Set<string> | null)[] = [];
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r];
    keys.push(row.causalGenes.length ? new Set(row.causalGenes.map((g) => geneKey(normalize(g)))) : null);
    if ((r & PAUSE_EVERY) === 0) yield;
  }
  const out = new Map<string, Uint8Array>();
  let n = 0;
  for (const [key, list] of genes) {
    const flags = new Uint8Array(list.length);
    for (let i = 0; i < list.length; i++) if (keys[list[i]]?.has(key)) flags[i] = 1;
    out.set(key, flags);
    if ((++n & PAUSE_EVERY) === 0) yield;
  }
  return out;
}

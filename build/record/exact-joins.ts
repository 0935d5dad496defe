import type { HpoAnnotation, OrphaDisorder } from '../ingest/source-types.ts';
import type { HpoGeneDisease } from '../ingest/hpo-genes.ts';
import { hpoaDiseaseToCurie, type CrossRefIndex } from './cross-refs.ts';
import type { SourceData } from '../ingest/source-data.ts';

/** Per-Mondo lookups joined once across sources, so each record is assembled in O(its facts). */
export interface FactsIndex {
  orphanet: Map<string, OrphaDisorder[]>;
  hpoa: Map<string, HpoAnnotation[]>;
  hpoGenes: Map<string, HpoGeneDisease[]>;
  doid: Map<string, SourceData['doid'][number][]>;
}

function push<T>(m: Map<string, T[]>, k: string, v: T): void {
  const list = m.get(k);
  if (list) list.push(v);
  else m.set(k, [v]);
}

/**
 * Join external records to Mondo ids through Mondo's exact-match mappings only (close, broad and
 * narrow mappings would attach facts of a different concept).
 */
export function buildFactsIndex(data: SourceData, xrefs: CrossRefIndex): FactsIndex {
  const orphanet = new Map<string, OrphaDisorder[]>();
  for (const d of data.orphanet) for (const id of xrefs.exactToMondo.get(`Orphanet:${d.orphaCode}`) ?? []) push(orphanet, id, d);
  for (const list of orphanet.values()) list.sort((a, b) => Number(a.orphaCode) - Number(b.orphaCode));
  const hpoa = new Map<string, HpoAnnotation[]>();
  for (const a of data.hpoa.annotations) for (const id of xrefs.exactToMondo.get(hpoaDiseaseToCurie(a.diseaseId)) ?? []) push(hpoa, id, a);
  const genes = new Map<string, HpoGeneDisease[]>();
  for (const g of data.hpoGenes) for (const id of xrefs.exactToMondo.get(hpoaDiseaseToCurie(g.diseaseId)) ?? []) push(genes, id, g);
  const doid = new Map<string, SourceData['doid'][number][]>();
  for (const t of data.doid) for (const id of xrefs.exactToMondo.get(t.id) ?? []) push(doid, id, t);
  return { orphanet, hpoa, hpoGenes: genes, doid };
}

import type { GardDisease, GardXref, SssomMapping } from '../ingest/source-types.ts';
import { GARD_PATHS, type GardPath } from '../../server/contract/api/vocab.ts';
import type { GardLink } from './record-types.ts';

/** A GARD disease joined to one Mondo class, with every path that joined it. */
export interface GardMatch {
  disease: GardDisease;
  via: GardPath[];
}

/**
 * The GARD page of a disease: `https://rarediseases.info.nih.gov/diseases/<number>/<slug>`, the
 * form GARD publishes and Mondo cites (e.g. `diseases/9930/hyperinsulinemic-hypoglycemia-familial-3`
 * for GARD:0009930): the id without leading zeros, then the name in lower case with apostrophes
 * dropped and other runs of non-alphanumerics as one hyphen.
 */
export function gardUrl(id: string, name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `https://rarediseases.info.nih.gov/diseases/${Number(id.slice(id.indexOf(':') + 1))}/${slug}`;
}

/**
 * Join GARD diseases to Mondo classes by three paths: Mondo's GARD cross-references (the
 * `GARD:` mappings of the Mondo release), and GARD's own cross-references to OMIM and Orphanet
 * whose MapRelationship is `Exact`, followed through Mondo's exact matches to those codes.
 * Only `included` classes get matches; GARD ids Mondo cites but GARD.csv lacks are skipped (no name).
 * A GARD disease joined to several classes is kept only where the most paths agree.
 */
export function joinGard(
  diseases: GardDisease[],
  xrefs: GardXref[],
  mappings: SssomMapping[],
  exactToMondo: Map<string, string[]>,
  included: Set<string>,
): Map<string, GardMatch[]> {
  const byId = new Map(diseases.map((d) => [d.id, d]));
  const found = new Map<string, Map<string, Set<GardPath>>>();
  const add = (mondoId: string, gardId: string, path: GardPath): void => {
    if (!included.has(mondoId) || !byId.has(gardId)) return;
    const perMondo = found.get(mondoId) ?? found.set(mondoId, new Map()).get(mondoId)!;
    (perMondo.get(gardId) ?? perMondo.set(gardId, new Set()).get(gardId)!).add(path);
  };
  for (const m of mappings) if (m.object.startsWith('GARD:')) add(m.subject, m.object, 'mondo-xref');
  for (const x of xrefs) {
    if (x.relation !== 'Exact') continue;
    const curie = x.source === 'OMIM' ? `OMIM:${x.sourceId}` : x.source === 'Orphanet' ? `Orphanet:${x.sourceId}` : null;
    if (curie === null) continue;
    const path: GardPath = x.source === 'OMIM' ? 'gard-omim-exact' : 'gard-orphanet-exact';
    for (const mondoId of exactToMondo.get(curie) ?? []) add(mondoId, x.gardId, path);
  }
  // A GARD disease joined to several classes stays only with the best-supported ones (most paths):
  // GARD calls OMIM:232300 an exact match of Pompe disease, Mondo calls it the infantile form, and
  // Mondo's own xref and Orphanet agree on Pompe disease itself.
  const support = new Map<string, number>();
  for (const perMondo of found.values())
    for (const [gardId, paths] of perMondo) support.set(gardId, Math.max(support.get(gardId) ?? 0, paths.size));
  for (const perMondo of found.values())
    for (const [gardId, paths] of perMondo) if (paths.size < support.get(gardId)!) perMondo.delete(gardId);
  const out = new Map<string, GardMatch[]>();
  for (const [mondoId, perMondo] of found) {
    if (perMondo.size === 0) continue;
    out.set(
      mondoId,
      [...perMondo]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([gardId, paths]) => ({ disease: byId.get(gardId)!, via: GARD_PATHS.filter((p) => paths.has(p)) })),
    );
  }
  return out;
}

/** The record's GARD links from its matches. */
export function gardLinks(matches: GardMatch[]): GardLink[] {
  return matches.map(({ disease, via }) => ({ id: disease.id, name: disease.name, url: gardUrl(disease.id, disease.name), via }));
}

import { ORPHAN_DRUG_LIST_NOTE } from '../record/text-links.ts';
import type { DiseaseRecord, ObsoleteEntry } from '../record/record-types.ts';
import { envelope, recordEnvelope, sectionEnvelope } from '../../server/contract/api/envelope.ts';
import { diseasePath } from '../../server/contract/api/paths.ts';
import type { DiseaseResource } from '../../server/contract/api/paths.ts';
import { PAGE_DEFAULT } from '../../server/contract/api/limits.ts';
import type { Hallmark } from '../record/hallmarks.ts';
import type { ManifestEntry } from '../../server/contract/snapshot/manifest.ts';
import { diseaseKey, sectionKey } from '../../server/contract/snapshot/route-map.ts';
import type { ObjectStore } from './object-store.ts';
import { PhaseProgress } from './phase-progress.ts';

/** The stored page of advocacy groups is the route's default page; the server cuts the others. */
const PAG_PAGE = PAGE_DEFAULT;

/**
 * The HPO ids of the record's hallmarks among its (not negated) phenotypes, best first: the server
 * puts these items first for `?order=hallmark`. That order is composed per request, not stored: a
 * second copy of every phenotype list was 143.7 MB of a release (test/build/results/2026-11-27-release-size.md).
 */
function hallmarkIds(record: DiseaseRecord): string[] {
  const listed = new Set(record.phenotypes.filter((p) => !p.negated).map((p) => p.hpoId));
  return ((record.computed.hallmarks ?? []) as Hallmark[]).map((h) => h.hpoId).filter((id) => listed.has(id));
}

/** One response body to store, with the splice offset the server needs for records and sections. */
export interface BodySpec {
  key: string;
  body: Buffer;
  extra?: number;
}

/**
 * Every per-disease response of one record, as the exact bytes served. The record body is built
 * so that `"sections":` starts at a known byte offset; each section body records where its `data`
 * value ends. The server composes `?sections=` and bulk bodies from these slices without parsing.
 */
export function diseaseBodies(
  record: DiseaseRecord,
  keyOf: (resource: DiseaseResource) => string,
  sectionKeyOf: (s: string) => string,
): BodySpec[] {
  const { sections, ...rest } = record;
  const { id, name } = record;
  const full = recordEnvelope(rest, sections);
  const out: BodySpec[] = [{ key: keyOf('record'), body: full.body, extra: full.sectionsAt }];
  out.push({
    key: keyOf('summary'),
    body: envelope({
      id,
      name,
      isRare: record.isRare,
      definition: record.definition,
      overview: sections.overview,
      qualityScore: record.metadata.qualityScore,
      updatedAt: record.metadata.lastChanged,
    }),
  });
  for (const [k, s] of Object.entries(sections)) {
    const one = sectionEnvelope(s, { disease: { id, name } });
    out.push({ key: sectionKeyOf(k), body: one.body, extra: one.dataEnd });
  }
  out.push({
    key: keyOf('phenotypes'),
    body: envelope({
      id,
      name,
      order: 'frequency',
      total: record.phenotypes.length,
      hallmarks: hallmarkIds(record),
      items: record.phenotypes,
    }),
  });
  const pags = record.advocacyGroups;
  // The default page; other limit/offset values are cut by the server from the full record.
  out.push({
    key: keyOf('pags'),
    body: envelope({
      id,
      name,
      total: pags.items.length,
      limit: PAG_PAGE,
      offset: 0,
      items: pags.items.slice(0, PAG_PAGE),
      sources: pags.sources,
    }),
  });
  const aps = record.assistancePrograms;
  out.push({
    key: keyOf('assistance'),
    body: envelope({ id, name, total: aps.items.length, status: null, items: aps.items, sources: aps.sources }),
  });
  out.push({
    key: keyOf('orphan-drugs'),
    body: envelope({
      id,
      name,
      total: record.orphanDrugs.length,
      items: record.orphanDrugs,
      provenance: { source: 'fda-oopd', note: ORPHAN_DRUG_LIST_NOTE },
    }),
  });
  out.push({ key: keyOf('screening'), body: envelope({ id, name, ...record.screening }) });
  return out;
}

/** The redirect document of an obsolete id (served with 301 when it has a replacement). */
export function obsoleteBody(o: ObsoleteEntry): Buffer {
  return envelope({
    id: o.id,
    label: o.label,
    obsolete: true,
    replacedBy: o.replacedBy,
    consider: o.consider,
    links: { replacement: o.replacedBy ? diseasePath(o.replacedBy) : null },
  });
}

/**
 * Store every per-disease response body and every obsolete-id redirect as objects, returning the
 * manifest entries. Unchanged bodies hash to existing objects and are not written again.
 */
export async function compileBodies(
  store: ObjectStore,
  records: DiseaseRecord[],
  obsoletes: ObsoleteEntry[],
): Promise<Record<string, ManifestEntry>> {
  const entries: Record<string, ManifestEntry> = {};
  const progress = new PhaseProgress('compile responses', records.length);
  let done = 0;
  const pending: Promise<void>[] = [];
  for (const r of records) {
    for (const spec of diseaseBodies(
      r,
      (res) => diseaseKey(r.id, res),
      (s) => sectionKey(r.id, s),
    )) {
      pending.push(
        store.put(spec.body, spec.extra).then((e) => {
          entries[spec.key] = e;
        }),
      );
    }
    if (pending.length > 256) await Promise.all(pending.splice(0));
    progress.tick(++done);
  }
  for (const o of obsoletes)
    pending.push(
      store.put(obsoleteBody(o)).then((e) => {
        entries[o.id] = e;
      }),
    );
  await Promise.all(pending);
  return sortKeys(entries);
}

function sortKeys<T>(o: Record<string, T>): Record<string, T> {
  return Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

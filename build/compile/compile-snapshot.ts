import type { DiseaseRecord, ObsoleteEntry } from '../record/record-types.ts';
import type { ManifestEntry } from '../../server/contract/snapshot/manifest.ts';
import { diseaseKey, sectionKey } from '../../server/contract/snapshot/route-map.ts';
import type { ObjectStore } from './object-store.ts';
import { PhaseProgress } from './phase-progress.ts';
import { diseaseBodies, obsoleteBody } from './responses.ts';

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

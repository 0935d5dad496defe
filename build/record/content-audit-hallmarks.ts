import type { HpoTerm } from '../ingest/source-types.ts';
import { featurePartsOf } from './hallmark-parts.ts';
import { MORE_SPECIFIC_MARGIN } from './hallmarks.ts';
import { type TermSpecificity, termSpecificity } from './term-specificity.ts';

/**
 * The hallmark checks of issue 38 for the content audit (content-audit.ts), on served bodies of any
 * version, over the HPO release the build reads.
 */

// biome-ignore lint/suspicious/noExplicitAny: a served body of any API version
type Body = any;

export interface HallmarkRow {
  /** Hallmarks that are the disease itself ("Chronic lymphatic leukemia" under B-CLL). */
  selfHallmarks: number;
  /** Hallmarks below a present feature of the record counted more than MORE_SPECIFIC_MARGIN more frequent (Microscopic hematuria over Hematuria). */
  rarerVariant: number;
  /** Records whose first five hallmarks have four or more in one organ system while another system has features. */
  oneSystem: number;
  /** Laboratory hallmarks the overview does not name. */
  labUnprinted: number;
}

/** The hallmark checks over one HPO release. */
export function hallmarkChecks(terms: ReadonlyMap<string, HpoTerm>): (r: Body, overview: string) => HallmarkRow {
  const spec: TermSpecificity = termSpecificity(terms);
  const partsOf = featurePartsOf(terms, spec);
  return (r, overview) => {
    const hallmarks = (r.computed?.hallmarks ?? []) as Body[];
    const row: HallmarkRow = { selfHallmarks: 0, rarerVariant: 0, oneSystem: 0, labUnprinted: 0 };
    if (hallmarks.length === 0) return row;
    const names = [r.name, ...r.synonyms.filter((s: Body) => s.kind === 'name').map((s: Body) => s.text)];
    const parts = new Map(partsOf(r.phenotypes, r.definition?.text ?? null, names).map((p) => [p.hpoId, p]));
    const frequency = (id: string) => {
      const p = parts.get(id);
      return p
        ? p.curationFrequencies.length > 1
          ? p.curationFrequencies.reduce((a, b) => a + b, 0) / p.curationFrequencies.length
          : (p.frequency ?? 0.7)
        : 0;
    };
    const first = hallmarks.slice(0, 5);
    for (const h of hallmarks) {
      if (parts.get(h.hpoId)?.namesDisease) row.selfHallmarks++;
      const above = [...parts.keys()].filter((id) => spec.ancestors(h.hpoId).has(id));
      if (above.some((id) => frequency(id) - frequency(h.hpoId) > MORE_SPECIFIC_MARGIN)) row.rarerVariant++;
      if (h.laboratory && !overview.includes(h.label)) row.labUnprinted++;
    }
    const counts = new Map<string, number>();
    for (const h of first) for (const s of parts.get(h.hpoId)?.systems ?? []) counts.set(s, (counts.get(s) ?? 0) + 1);
    const crowded = [...counts].filter(([, n]) => n >= 4).map(([s]) => s);
    const elsewhere = [...parts.values()].some((p) => p.systems.length > 0 && p.systems.every((s) => !crowded.includes(s)));
    if (crowded.length > 0 && elsewhere) row.oneSystem = 1;
    return row;
  };
}

import type { EditorialQc } from '../editorial/editorial-qc.ts';

/**
 * QC tiers. Tier 1 (hard stop) errors fail the build (schema, input and fact-check failures, an
 * editorial file that fails its checks); tier 2 (section regeneration) lists the expert facts a
 * newer release contradicts and the sections composed without them; tier 3 warnings go to the
 * editorial report with counts per kind, with the editorial files to review.
 */
export interface QcWarning {
  kind: string;
  diseaseId: string | null;
  source: string;
  detail: string;
}

export class QcReport {
  readonly warnings: QcWarning[] = [];
  readonly notes: string[] = [];
  /** Tiers 2 and 3 of the expert content (build/editorial/editorial-qc.ts); null before the files are joined. */
  editorial: EditorialQc | null = null;

  /** Record a tier-3 warning for editorial review. */
  warn(kind: string, diseaseId: string | null, source: string, detail: string): void {
    this.warnings.push({ kind, diseaseId, source, detail });
  }

  /** Counts per warning kind, sorted by kind. */
  counts(): Record<string, number> {
    const out: Record<string, number> = {};
    for (const w of this.warnings) out[w.kind] = (out[w.kind] ?? 0) + 1;
    return Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b)));
  }

  /** The JSON report: counts first, then every warning sorted for stable diffs. */
  toJSON(): object {
    const sorted = [...this.warnings].sort(
      (a, b) => a.kind.localeCompare(b.kind) || (a.diseaseId ?? '').localeCompare(b.diseaseId ?? '') || a.detail.localeCompare(b.detail),
    );
    const e = this.editorial;
    return {
      tier2: { regenerated: e?.tier2.regenerated ?? [], orphaned: e?.tier2.orphaned ?? [] },
      tier3: { counts: this.counts(), total: this.warnings.length, warnings: sorted, editorialReview: e?.review ?? null },
      editorialFiles: e ? { files: e.files, joined: e.joined } : null,
      notes: this.notes,
    };
  }
}

/**
 * QC tiers. Tier 1 (hard stop) errors fail the build (schema, input and fact-check failures);
 * tier 3 warnings go to the editorial report with counts per kind. Tier 2 (section regeneration)
 * has no case in this version: a section that fails the fact check stops the build.
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
    return {
      tier3: { counts: this.counts(), total: this.warnings.length, warnings: sorted },
      notes: this.notes,
    };
  }
}

/**
 * QC tiers. Tier 1 (hard stop) errors fail the build; tier 2 counts sections regenerated from
 * facts alone; tier 3 warnings go to the editorial report with counts per kind.
 */
export interface QcWarning {
  kind: string;
  diseaseId: string | null;
  source: string;
  detail: string;
}

export class QcReport {
  readonly warnings: QcWarning[] = [];
  readonly regenerated = new Map<string, number>();
  /** Each regenerated section with the fact checker's findings, for editorial review. */
  readonly regenerations: { diseaseId: string; section: string; problems: string[] }[] = [];
  readonly notes: string[] = [];

  /** Record a tier-3 warning for editorial review. */
  warn(kind: string, diseaseId: string | null, source: string, detail: string): void {
    this.warnings.push({ kind, diseaseId, source, detail });
  }

  /** Record one tier-2 section regeneration and why the template text failed the fact check. */
  regenerate(diseaseId: string, section: string, problems: string[]): void {
    this.regenerated.set(section, (this.regenerated.get(section) ?? 0) + 1);
    this.regenerations.push({ diseaseId, section, problems });
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
      tier2: {
        sectionsRegenerated: Object.fromEntries([...this.regenerated].sort()),
        total: [...this.regenerated.values()].reduce((a, b) => a + b, 0),
        regenerations: this.regenerations,
      },
      tier3: { counts: this.counts(), total: this.warnings.length, warnings: sorted },
      notes: this.notes,
    };
  }
}

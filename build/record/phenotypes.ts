import type { HpoAnnotation, HpoTerm, OrphaDisorder } from '../ingest/source-types.ts';
import { normalizeFrequency } from './frequency.ts';
import { comparePhenotypes, poolFrequency, type RowFrequency } from './frequency-pool.ts';
import type { QcReport } from './qc.ts';
import type { Phenotype } from './record-types.ts';

export interface HpoLookup {
  label(id: string): string | null;
  known(id: string): boolean;
}

/** Build label lookups from the 2023 HPO JSON, with the 2026 Babelon labels for newer ids. */
export function createHpoLookup(terms: Map<string, HpoTerm>, newerLabels: Map<string, string>): HpoLookup {
  return {
    label: (id) => newerLabels.get(id) ?? terms.get(id)?.label ?? null,
    known: (id) => terms.has(id) || newerLabels.has(id),
  };
}

const SEX_ORDER = { male: 0, female: 1 } as const;

/**
 * Merge HPO annotations and Orphanet phenotypes of one disease into one entry per HPO term and
 * polarity. The frequency is consolidated by FREQUENCY_RULE (frequency-pool.ts); every source
 * row is kept under `sources` so nothing is lost.
 */
export function mergePhenotypes(
  diseaseId: string,
  hpoRows: { row: HpoAnnotation; release: string }[],
  orphaRows: { disorder: OrphaDisorder; release: string }[],
  hpo: HpoLookup,
  qc: QcReport,
): Phenotype[] {
  const byKey = new Map<string, Phenotype>();
  const rowFrequencies = new Map<Phenotype, RowFrequency[]>();
  const entry = (hpoId: string, negated: boolean, fallbackLabel: string): Phenotype => {
    const key = hpoId + (negated ? '!' : '');
    let p = byKey.get(key);
    if (!p) {
      if (!hpo.known(hpoId)) qc.warn('unknown-hpo-id', diseaseId, 'hpo', `${hpoId} (${fallbackLabel}) is not in the HPO release`);
      p = blankPhenotype(hpoId, hpo.label(hpoId) ?? fallbackLabel, negated);
      byKey.set(key, p);
    }
    return p;
  };
  const setFrequency = (p: Phenotype, raw: string | null, source: 'hpo' | 'orphanet') => {
    if (!raw) return;
    const r = normalizeFrequency(raw);
    if ('warning' in r) qc.warn('inconsistent-frequency', diseaseId, source, `${p.hpoId}: ${r.warning}`);
    const list = rowFrequencies.get(p) ?? rowFrequencies.set(p, []).get(p)!;
    list.push({ source, frequency: r.frequency, usable: !('warning' in r) });
  };
  for (const { row, release } of hpoRows) {
    if (row.aspect !== 'P') continue;
    const p = entry(row.hpoId, row.negated, row.hpoId);
    setFrequency(p, row.frequency, 'hpo');
    if (row.onset && !p.onset) p.onset = { hpoId: row.onset, label: hpo.label(row.onset) ?? row.onset };
    if (row.sex && (!p.sex || SEX_ORDER[row.sex] < SEX_ORDER[p.sex])) p.sex = row.sex;
    if (row.evidence && !p.evidence.includes(row.evidence)) p.evidence.push(row.evidence);
    for (const ref of row.references) if (!p.references.includes(ref)) p.references.push(ref);
    for (const m of row.modifiers) if (!p.modifiers.some((x) => x.hpoId === m)) p.modifiers.push({ hpoId: m, label: hpo.label(m) ?? m });
    p.sources.push({
      source: 'hpo',
      release,
      diseaseId: row.diseaseId,
      frequencyRaw: row.frequency,
      evidence: row.evidence || null,
      references: row.references,
    });
  }
  for (const { disorder, release } of orphaRows) {
    for (const ph of disorder.phenotypes) {
      const excluded = ph.frequency.startsWith('Excluded');
      const p = entry(ph.hpoId, excluded, ph.term);
      setFrequency(p, ph.frequency, 'orphanet');
      const ref = `ORPHA:${disorder.orphaCode}`;
      if (!p.references.includes(ref)) p.references.push(ref);
      p.sources.push({ source: 'orphanet', release, diseaseId: ref, frequencyRaw: ph.frequency, evidence: null, references: [ref] });
    }
  }
  const list = [...byKey.values()];
  for (const p of list) {
    p.evidence.sort();
    p.references.sort();
    p.modifiers.sort((a, b) => a.hpoId.localeCompare(b.hpoId));
    const pooled = poolFrequency(rowFrequencies.get(p) ?? []);
    p.frequency = pooled.frequency;
    p.frequencyBasis = pooled.basis;
  }
  return list.sort(comparePhenotypes);
}

/** A phenotype with nothing reported yet: no frequency, onset, evidence or source (the rows fill it in). */
export function blankPhenotype(hpoId: string, label: string, negated: boolean): Phenotype {
  return {
    hpoId,
    label,
    frequency: null,
    onset: null,
    sex: null,
    negated,
    evidence: [],
    references: [],
    modifiers: [],
    sources: [],
    frequencyBasis: 'none',
    informationContent: null,
  };
}

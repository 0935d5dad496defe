import type { SectionKey } from '../../server/contract/api/vocab.ts';
import type { RecordFacts } from '../record/record-facts.ts';
import { type CurrentReleases, type EditorialCheck, checkEditorial, statementsOf } from './editorial-checks.ts';
import type { EditorialFile } from './editorial-file.ts';
import { ERRATUM_FIELD, type ExpertContent, type Regeneration } from './expert-types.ts';
import type { EditorialHpo } from './hpo-terms.ts';

/**
 * The sections each kind of expert fact feeds, besides the overview (whose lead rests on them
 * all). A fact a newer release contradicts (QC tier 2) takes these sections back to the
 * structured facts alone.
 */
export const FACT_SECTIONS: Record<string, SectionKey[]> = {
  definingFeatures: ['overview', 'clinical-features'],
  onset: ['overview', 'clinical-features'],
  genes: ['overview', 'genetics'],
  inheritance: ['overview', 'genetics'],
  mechanism: ['overview', 'genetics'],
  diagnosis: ['overview', 'screening-and-diagnosis'],
  management: ['overview', 'treatment'],
  prevalenceNote: ['overview', 'epidemiology'],
};

/** `/genes/0` (a file pointer) as a record path under `expert`: `expert.genes.0`. */
export const recordPath = (pointer: string): string => `expert${pointer.replace(/\//g, '.')}`;

/**
 * Removes the statements the errata name from the record's facts (in place) and returns the
 * fields changed. The statement stays visible in `expert.errata`, with who stated it and why it
 * is wrong. A wrong parent or child link is removed on both records' sides where both are given.
 */
export function applyErrata(f: RecordFacts, errata: EditorialFile['errata'], all: ReadonlyMap<string, RecordFacts>): string[] {
  const changed = new Set<string>();
  const lower = (s: string) => s.toLowerCase();
  for (const e of errata) {
    const before = JSON.stringify(f[ERRATUM_FIELD[e.kind]]);
    if (e.kind === 'synonym') f.synonyms = f.synonyms.filter((s) => !(lower(s.text) === lower(e.value) && e.statedBy.includes(s.origin)));
    if (e.kind === 'parent') {
      f.parents = f.parents.filter((p) => p.id !== e.value);
      const other = all.get(e.value);
      if (other) other.children = other.children.filter((c) => c.id !== f.id);
    }
    if (e.kind === 'child') {
      f.children = f.children.filter((c) => c.id !== e.value);
      const other = all.get(e.value);
      if (other) other.parents = other.parents.filter((p) => p.id !== f.id);
    }
    if (e.kind === 'inheritance') f.inheritance = f.inheritance.filter((m) => m.term !== e.value);
    if (e.kind === 'gene') f.genes = f.genes.filter((g) => g.symbol !== e.value);
    if (e.kind === 'phenotype') f.phenotypes = f.phenotypes.filter((p) => p.hpoId !== e.value);
    if (JSON.stringify(f[ERRATUM_FIELD[e.kind]]) !== before) changed.add(ERRATUM_FIELD[e.kind]);
  }
  return [...changed];
}

/** The tier-2 findings of a check as regenerations, each with the sections it takes back. */
function regenerations(check: EditorialCheck): Regeneration[] {
  return check.tier2.map((c) => {
    const kind = c.pointer.split('/')[1];
    return { pointer: recordPath(c.pointer).slice('expert.'.length), reason: c.reason, sections: FACT_SECTIONS[kind] ?? ['overview'] };
  });
}

/**
 * A lead sentence's fields as record paths: the disease's name, each pointer under `expert`, and for
 * the expert modes the record's own `inheritance` (whose labels the sentence may name; tier 1 holds
 * every expert mode to the record's).
 */
function leadBasis(pointers: readonly string[]): string[] {
  const paths = pointers.map(recordPath);
  return ['name', ...paths, ...(pointers.some((p) => p.startsWith('/inheritance')) ? ['inheritance'] : [])];
}

/** The latest review of a file, if any, as the record shows it. */
function latestReview(doc: EditorialFile): ExpertContent['reviewed'] {
  const last = [...doc.reviews].sort((a, b) => a.on.localeCompare(b.on)).at(-1);
  return last ? { on: last.on, confirmed: last.confirmed, notInSource: last.notInSource, contradicted: last.contradicted } : null;
}

/** The record's `expert` member from a checked file: the lead's pointers become record paths, the disease's name joins each sentence's basis. */
export function expertContent(doc: EditorialFile, check: EditorialCheck): ExpertContent {
  return {
    lead: doc.lead.map((s) => ({ text: s.text, basedOn: leadBasis(s.basedOn) })),
    definingFeatures: doc.definingFeatures,
    genes: doc.genes,
    inheritance: doc.inheritance,
    onset: doc.onset,
    mechanism: doc.mechanism,
    diagnosis: doc.diagnosis,
    management: doc.management,
    prevalenceNote: doc.prevalenceNote,
    errata: doc.errata,
    sources: doc.sources.map((s) => ({ ...s, identifier: s.identifier ?? null })),
    curated: { on: doc.curated.on, against: doc.curated.against },
    reviewed: latestReview(doc),
    regenerated: regenerations(check),
  };
}

/** An editorial file that QC tier 1 rejects: the build stops, naming the file and each JSON pointer. */
export class EditorialError extends Error {
  /** Every file that failed, with its problems (JSON pointer: reason). */
  readonly failures: { file: string; problems: string[] }[];

  constructor(failures: { file: string; problems: string[] }[]) {
    // One line per file, so that a curator sees every file to fix from one build, not one per build.
    super(failures.map(({ file, problems }) => `${file}: editorial QC tier 1 failed: ${problems.join('; ')}`).join('\n'));
    this.name = 'EditorialError';
    this.failures = failures;
  }
}

/** What joining the editorial files did: the files without a current record (tier 2) and every regeneration by disease. */
export interface ExpertJoinReport {
  orphaned: { file: string; mondoId: string; reason: string }[];
  regenerated: { mondoId: string; regenerations: Regeneration[] }[];
  warnings: { file: string; message: string }[];
  joined: number;
}

/**
 * Joins every editorial file to its record's facts (in place): checks it (tier 1 in any file stops
 * the build with EditorialError, which names every failing file), applies its errata, and sets `expert`. A file whose disease is not a
 * current record (obsolete or merged by a newer Mondo release) is reported, not joined.
 */
export function joinExpertContent(
  files: readonly { file: string; doc: EditorialFile }[],
  all: Map<string, RecordFacts>,
  hpo: EditorialHpo,
  now: CurrentReleases,
): ExpertJoinReport {
  const report: ExpertJoinReport = { orphaned: [], regenerated: [], warnings: [], joined: 0 };
  const checks = files.map(({ file, doc }) => {
    const facts = all.get(doc.mondoId) ?? null;
    return { file, doc, facts, check: checkEditorial(doc, facts ? statementsOf(facts) : null, hpo, now) };
  });
  const failures = checks.filter((c) => c.check.tier1.length > 0).map((c) => ({ file: c.file, problems: c.check.tier1 }));
  if (failures.length > 0) throw new EditorialError(failures);
  for (const { file, doc, facts, check } of checks) {
    for (const message of check.warnings) report.warnings.push({ file, message });
    if (!facts) {
      report.orphaned.push({ file, mondoId: doc.mondoId, reason: check.tier2.map((c) => c.reason).join('; ') });
      continue;
    }
    const expert = expertContent(doc, check);
    applyErrata(facts, doc.errata, all);
    (facts as RecordFacts & { expert?: ExpertContent }).expert = expert;
    if (expert.regenerated.length > 0) report.regenerated.push({ mondoId: doc.mondoId, regenerations: expert.regenerated });
    report.joined++;
  }
  return report;
}

/** The sections QC tier 2 takes back to the structured facts for a record. */
export function regeneratedSections(expert: ExpertContent | undefined): Set<SectionKey> {
  return new Set((expert?.regenerated ?? []).flatMap((r) => r.sections));
}

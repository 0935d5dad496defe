import type { LoadResult } from '../ingest/load-sources.ts';
import { createGeneValidator } from './gene-validator.ts';
import { assembleFacts, createHpoAncestry, type AssemblyContext, type RecordFacts } from './assemble.ts';
import { classify } from './classification.ts';
import { computeFields } from './computed.ts';
import { indexCrossRefs, type CrossRefIndex } from './cross-refs.ts';
import { selectDiseases, type DiseaseSet } from './disease-set.ts';
import { buildFactsIndex } from './exact-joins.ts';
import { finalizeSections } from './fact-check.ts';
import { createHpoLookup } from './phenotypes.ts';
import { QcReport } from './qc.ts';
import { qualityScore } from './quality.ts';
import { createScreeningLookup } from './screening.ts';
import { joinGard } from './gard-links.ts';
import { linkDesignations } from './text-links.ts';
import { linkTrials } from './trial-links.ts';
import type { DiseaseRecord, ObsoleteEntry, Section, SectionKey, SourceId } from './record-types.ts';
import { SECTION_KEYS } from '../../server/contract/api/vocab.ts';
import { versionsPath } from '../../server/contract/api/paths.ts';
import { rollUp } from './rollup.ts';
import { type ParentClass, acceptedParents, namedClasses } from './class-naming.ts';
import { diseaseNameIndex, nameOwners, namingSubject, parentClassLookup, synonymScopes } from './record-lookups.ts';
import { hallmarkSelector } from './hallmarks.ts';
import { diagnosisByClass } from './diagnosis-class.ts';
import { punctuatedDefinitions } from './definition-choice.ts';
import { ownFactsLookup } from './own-facts.ts';
import { termSpecificity } from './term-specificity.ts';
import { type ExpertJoinReport, joinExpertContent } from '../editorial/expert-join.ts';
import { expertHallmarkSelector } from '../editorial/expert-hallmarks.ts';
import { editorialHpo } from '../editorial/hpo-terms.ts';
import { editorialMetadata } from '../editorial/expert-metadata.ts';
import { editorialQc } from '../editorial/editorial-qc.ts';

export interface BuiltRecords {
  records: DiseaseRecord[];
  /** What joining the expert files did (QC tiers 2 and 3 report it). */
  expert: ExpertJoinReport;
  obsoletes: ObsoleteEntry[];
  qc: QcReport;
  stats: Record<string, number>;
}

function groupBy<T>(items: T[], key: (t: T) => string): Map<string, T[]> {
  const m = new Map<string, T[]>();
  for (const it of items) {
    const k = key(it);
    const l = m.get(k);
    if (l) l.push(it);
    else m.set(k, [it]);
  }
  return m;
}

/** Sources a record's facts came from, for its metadata. */
function contributingSources(f: RecordFacts, releases: LoadResult['data']['releases']): { source: SourceId; release: string }[] {
  const used = new Set<SourceId>(['mondo']);
  if (f.definition) used.add(f.definition.source === 'mondo' ? 'mondo' : f.definition.source);
  for (const p of f.phenotypes) for (const s of p.sources) used.add(s.source);
  for (const g of f.genes) for (const s of g.sources) used.add(s.source);
  for (const v of [...f.inheritance, ...f.onset]) for (const s of v.sources) used.add(s.source);
  if (f.prevalence.length) used.add('orphanet');
  if (f.synonyms.some((s) => s.origin === 'orphanet')) used.add('orphanet');
  if (f.synonyms.some((s) => s.origin === 'doid')) used.add('doid');
  if (f.resources.gard.length) used.add('gard');
  if (f.screening.screened) used.add('rusp');
  if (f.orphanDrugs.length) used.add('fda-oopd');
  for (const t of f.trials.items) used.add(t.provenance.source);
  if (f.resources.nordReportId) used.add('nord');
  // Expert content is ours: its release is the day its file was curated.
  if (f.expert) used.add('editorial');
  const release = (source: SourceId) =>
    source === 'editorial' && f.expert ? f.expert.curated.on : (releases.get(source)?.release ?? 'unknown');
  return [...used].sort().map((source) => ({ source, release: release(source) }));
}

/** What every record's assembly reads: the joined sources, the name index and the lookups built once. */
function assemblyContext(
  loaded: LoadResult,
  qc: QcReport,
  set: DiseaseSet,
  xrefs: CrossRefIndex,
  validator: ReturnType<typeof createGeneValidator>,
): AssemblyContext {
  const { data } = loaded;
  const included = new Set(set.ids);
  const rel = (id: SourceId) => data.releases.get(id)?.release ?? 'unknown';
  const names = diseaseNameIndex(data, set, xrefs);
  const owners = nameOwners(data, set);
  const facts = buildFactsIndex(data, xrefs);
  return {
    data,
    set,
    xrefs,
    facts,
    qc,
    hpo: createHpoLookup(data.hpoTerms, data.hpoLabels),
    resolveGene: (s, h) => validator.resolve(s, h),
    screening: createScreeningLookup(data.rusp, rel('rusp')),
    drugs: linkDesignations(
      data.designations,
      names,
      rel('fda-oopd'),
      qc,
      synonymScopes(data, set, owners.names),
      ownFactsLookup(data, set, facts),
    ),
    trials: linkTrials(
      [
        ...data.trialsSample.map((trial) => ({ trial, source: 'ctgov-sample' as const, release: rel('ctgov-sample') })),
        ...data.trialsAngelman.map((trial) => ({ trial, source: 'ctgov-angelman' as const, release: rel('ctgov-angelman') })),
      ],
      names,
    ),
    rare: new Set(data.subsets.filter((s) => s.subset === 'rare').map((s) => s.id)),
    subsets: new Map([...groupBy(data.subsets, (s) => s.id)].map(([k, v]) => [k, [...new Set(v.map((s) => s.subset))].sort()])),
    nord: new Map(data.nord.map((n) => [n.mondoId, n])),
    geneLinks: groupBy(data.geneLinks, (g) => g.mondoId),
    mondoSynonyms: data.mondoSynonyms,
    nameOwners: owners.names,
    labelOwners: owners.labels,
    previousSymbols: new Map(data.hgnc.map((g) => [g.hgncId, g.prevSymbols])),
    punctuated: punctuatedDefinitions(data.definitionTexts),
    gard: joinGard(data.gard.diseases, data.gard.xrefs, data.mappings, xrefs.exactToMondo, included),
  };
}

/** The facts of every included class, with the QC warnings its assembly raised. */
function assembleAll(ctx: AssemblyContext): { allFacts: Map<string, RecordFacts>; warningsOf: Map<string, string[]> } {
  const ancestry = createHpoAncestry(ctx.data.hpoTerms);
  const allFacts = new Map<string, RecordFacts>();
  const warningsOf = new Map<string, string[]>();
  for (const id of ctx.set.ids) {
    const before = ctx.qc.warnings.length;
    allFacts.set(id, assembleFacts(id, ctx, ancestry));
    warningsOf.set(
      id,
      ctx.qc.warnings.slice(before).map((w) => w.kind),
    );
  }
  return { allFacts, warningsOf };
}

/** What finishing a record needs besides its facts: the rules built once over all of them. */
interface FinishContext {
  data: LoadResult['data'];
  qc: QcReport;
  hallmarks: ReturnType<typeof hallmarkSelector>;
  expertHallmarks: ReturnType<typeof expertHallmarkSelector>;
  parentClasses: (f: RecordFacts) => ParentClass[];
  ancestors: (id: string) => string[];
  warningsOf: Map<string, string[]>;
}

/** One record from its (rolled-up) facts: computed fields, checked sections, classification, quality and metadata. */
function finishRecord(f: RecordFacts, c: FinishContext): DiseaseRecord {
  const before = c.qc.warnings.length;
  const ruleHallmarks = c.hallmarks(f.phenotypes, f.definition?.text ?? null, [f.name, ...namingSubject(f).otherNames]);
  const computed = computeFields(f, {
    hallmarks: f.expert
      ? c.expertHallmarks(f.expert, ruleHallmarks, f.phenotypes, f.definition?.text ?? null, [f.name, ...f.synonyms.map((s) => s.text)])
      : ruleHallmarks,
    namedClasses: namedClasses(namingSubject(f), c.parentClasses(f)),
    diagnosisByClass: diagnosisByClass({ ...namingSubject(f), ancestors: c.ancestors(f.id) }),
  });
  const sections = finalizeSections({ ...f, computed });
  const classification = classify(f, computed, { referenceDate: c.data.releases.get('fda-oopd')?.release ?? 'unknown' });
  const quality = qualityScore(f, sections);
  const warnings = [...new Set([...(c.warningsOf.get(f.id) ?? []), ...c.qc.warnings.slice(before).map((w) => w.kind)])].sort();
  return {
    ...f,
    computed,
    classification,
    metadata: {
      qualityScore: quality.score,
      qualityBreakdown: quality.breakdown,
      qcWarnings: warnings,
      sectionsRegenerated: notFromTemplate(sections),
      // Stamped by stampVersions() once the previous history is known.
      contentVersion: '',
      version: 0,
      lastChanged: '',
      links: { history: versionsPath(f.id) },
      sources: contributingSources(f, c.data.releases),
      ...(f.expert ? { editorial: editorialMetadata(f.expert, sections) } : {}),
    },
    sections,
  };
}

/** The sections not composed by their template (`metadata.sectionsRegenerated`, QC tier 2): none while a failing section stops the build. */
function notFromTemplate(sections: Record<SectionKey, Section>): SectionKey[] {
  return SECTION_KEYS.filter((k) => sections[k].generation !== 'template');
}

/** The obsolete ids served as redirects: a replacement or a suggestion only when it is a served record. */
function servedObsoletes(data: LoadResult['data'], included: Set<string>, qc: QcReport): ObsoleteEntry[] {
  for (const o of data.obsoletes) {
    if (o.replacedBy && !included.has(o.replacedBy))
      qc.warn('obsolete-replacement-not-served', o.id, 'mondo', `replaced by ${o.replacedBy}, which is not a current human disease record`);
  }
  return data.obsoletes
    .filter((o) => !included.has(o.id))
    .map((o) => ({
      id: o.id,
      label: o.label,
      replacedBy: o.replacedBy && included.has(o.replacedBy) ? o.replacedBy : null,
      consider: o.consider.filter((c) => included.has(c)),
    }));
}

/** The counts the build log prints. */
function recordStats(
  records: DiseaseRecord[],
  obsoletes: ObsoleteEntry[],
  set: DiseaseSet,
  approvedGeneSymbols: number,
): Record<string, number> {
  const count = (has: (r: DiseaseRecord) => unknown) => records.filter(has).length;
  return {
    records: records.length,
    rare: count((r) => r.isRare),
    obsolete: obsoletes.length,
    excludedNonHuman: set.excluded.nonHuman,
    excludedCharacteristic: set.excluded.characteristic,
    approvedGeneSymbols,
    withDefinition: count((r) => r.definition),
    withPhenotypes: count((r) => r.phenotypes.length),
    withGenes: count((r) => r.genes.length),
    screened: count((r) => r.screening.screened),
    withOrphanDrugs: count((r) => r.orphanDrugs.length),
    withGard: count((r) => r.resources.gard.length),
    withTrials: count((r) => r.trials.total),
  };
}

/**
 * Assemble, derive and check every record. Facts first (all sources joined per Mondo id), then the
 * roll-up over the hierarchy, then per record its computed fields, sections (fact-checked: a failing
 * sentence stops the build), classification and quality score. Expert files are joined before the
 * roll-up (their errata change facts it reads); `now` dates their staleness (QC tier 3). Version
 * fields are filled in by the compile step.
 */
export function buildRecords(loaded: LoadResult, now = new Date()): BuiltRecords {
  const { data } = loaded;
  const qc = new QcReport();
  const set = selectDiseases(data.classes, data.edges, data.mappings);
  const included = new Set(set.ids);
  const validator = createGeneValidator(data.hgnc);
  const ctx = assemblyContext(loaded, qc, set, indexCrossRefs(data.mappings, included), validator);
  const { allFacts, warningsOf } = assembleAll(ctx);
  const expert = joinExperts(loaded, allFacts);
  qc.editorial = editorialQc(data.editorial.expert, expert, now);
  const ancestorMemo = new Map<string, string[]>();
  const parentClasses = parentClassLookup(set, ctx.subsets);
  const groupParents = new Map(
    [...allFacts.values()].map((f) => [
      f.id,
      new Set(acceptedParents(namingSubject(f), parentClasses(f)).flatMap((p) => (p.kind === 'group' ? [p.id] : []))),
    ]),
  );
  rollUp(
    allFacts,
    (id) => ancestorMemo.get(id) ?? ancestorMemo.set(id, set.ancestors(id)).get(id)!,
    (id, parent) => groupParents.get(id)?.has(parent) ?? false,
  );
  const specificity = termSpecificity(data.hpoTerms);
  const hallmarks = hallmarkSelector(data.hpoTerms, specificity);
  const expertHallmarks = expertHallmarkSelector(data.hpoTerms, specificity);
  const ancestors = (id: string) => ancestorMemo.get(id) ?? ancestorMemo.set(id, set.ancestors(id)).get(id)!;
  const finish: FinishContext = { data, qc, hallmarks, expertHallmarks, parentClasses, ancestors, warningsOf };
  const records = [...allFacts.values()].map((f) => finishRecord(f, finish));
  const obsoletes = servedObsoletes(data, included, qc);
  return { records, obsoletes, qc, expert, stats: recordStats(records, obsoletes, set, validator.approvedCount) };
}

/**
 * Joins the expert files to the assembled facts (build/editorial/expert-join.ts): QC tier 1 stops the
 * build, errata are applied before the roll-up reads the facts, tier 2 is reported.
 */
function joinExperts(loaded: LoadResult, allFacts: Map<string, RecordFacts>): ExpertJoinReport {
  const { data } = loaded;
  const release = (id: SourceId) => data.releases.get(id)?.release ?? 'unknown';
  const hpo = editorialHpo(release('hpo'), data.hpoTerms, data.hpoLabels);
  return joinExpertContent(data.editorial.expert, allFacts, hpo, { mondo: release('mondo'), hpo: release('hpo'), hgnc: release('hgnc') });
}

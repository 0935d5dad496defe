import type { LoadResult } from '../ingest/load-sources.ts';
import { createGeneValidator } from './gene-validator.ts';
import { assembleFacts, createHpoAncestry, type AssemblyContext, type RecordFacts } from './assemble.ts';
import { classify } from './classification.ts';
import { computeFields } from './computed.ts';
import { indexCrossRefs, type CrossRefIndex } from './cross-refs.ts';
import { selectDiseases, type DiseaseSet } from './disease-set.ts';
import { buildFactsIndex } from './exact-joins.ts';
import { finalizeSections } from './fact-check.ts';
import { NameIndex, normalizeName } from './name-index.ts';
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
import { classKind, descendantCounter, namedClasses } from './class-naming.ts';
import { hallmarkSelector } from './hallmarks.ts';
import { termSpecificity } from './term-specificity.ts';
import { nameWords } from './synonyms.ts';

export interface BuiltRecords {
  records: DiseaseRecord[];
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
  return [...used].sort().map((source) => ({ source, release: releases.get(source)?.release ?? 'unknown' }));
}

/** The Mondo scope of a class's synonym ('broad', 'narrow', ...), for the relation of a designation linked through it. */
function synonymScopes(data: LoadResult['data']): (id: string, text: string) => string | null {
  return (id, text) => {
    const key = normalizeName(text);
    return data.mondoSynonyms.get(id)?.find((s) => normalizeName(s.text) === key)?.scope ?? null;
  };
}

/**
 * The names free text is linked by (designations, trial conditions): every included class's label,
 * its Mondo synonyms and the labels of its exact-match cross-references; a text shared by a class
 * and its ancestor names the ancestor.
 */
export function diseaseNameIndex(data: LoadResult['data'], set: DiseaseSet, xrefs: CrossRefIndex): NameIndex {
  // Causal genes (Mondo) by HGNC approved symbol, for "SCN2A developmental and epileptic encephalopathy" (LINKING_RULES).
  const symbolOf = new Map(data.hgnc.filter((g) => g.status === 'Approved').map((g) => [g.hgncId, g.symbol]));
  const byGene = new Map<string, string[]>();
  for (const { mondoId, hgncId } of data.geneLinks) {
    const symbol = symbolOf.get(hgncId);
    if (symbol === undefined || !set.labels.has(mondoId)) continue;
    const list = byGene.get(symbol) ?? byGene.set(symbol, []).get(symbol)!;
    if (!list.includes(mondoId)) list.push(mondoId);
  }
  const names = new NameIndex(
    (id) => set.ancestors(id),
    (symbol) => byGene.get(symbol) ?? [],
  );
  for (const id of set.ids) {
    names.add(id, set.labels.get(id)!, 'name');
    for (const s of data.mondoSynonyms.get(id) ?? []) names.add(id, s.text, 'synonym');
    for (const { label } of xrefs.exactLabels.get(id) ?? []) names.add(id, label, 'synonym');
  }
  return names;
}

/** The classes each name belongs to (labels and Mondo synonyms of included classes, by their words: nameWords). */
function nameOwners(data: LoadResult['data'], set: DiseaseSet): (key: string) => readonly string[] {
  const owners = new Map<string, string[]>();
  const add = (id: string, text: string) => {
    const key = nameWords(text);
    const list = owners.get(key) ?? owners.set(key, []).get(key)!;
    if (!list.includes(id)) list.push(id);
  };
  for (const id of set.ids) {
    add(id, set.labels.get(id)!);
    for (const s of data.mondoSynonyms.get(id) ?? []) add(id, s.text);
  }
  return (key) => owners.get(key) ?? [];
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
  return {
    data,
    set,
    xrefs,
    facts: buildFactsIndex(data, xrefs),
    qc,
    hpo: createHpoLookup(data.hpoTerms, data.hpoLabels),
    resolveGene: (s, h) => validator.resolve(s, h),
    screening: createScreeningLookup(data.rusp, rel('rusp')),
    drugs: linkDesignations(data.designations, names, rel('fda-oopd'), qc, synonymScopes(data)),
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
    nameOwners: nameOwners(data, set),
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
  descendants: ReturnType<typeof descendantCounter>;
  warningsOf: Map<string, string[]>;
}

/** One record from its (rolled-up) facts: computed fields, checked sections, classification, quality and metadata. */
function finishRecord(f: RecordFacts, c: FinishContext): DiseaseRecord {
  const before = c.qc.warnings.length;
  const computed = computeFields(f, {
    hallmarks: c.hallmarks(f.phenotypes, f.definition?.text ?? null),
    namedClasses: namedClasses(
      f.name,
      f.parents,
      c.descendants,
      f.definition !== null,
      f.synonyms.filter((s) => s.kind === 'name').map((s) => s.text),
    ),
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
 * sentence stops the build), classification and quality score. Version fields are filled in by the
 * compile step.
 */
export function buildRecords(loaded: LoadResult): BuiltRecords {
  const { data } = loaded;
  const qc = new QcReport();
  const set = selectDiseases(data.classes, data.edges, data.mappings);
  const included = new Set(set.ids);
  const validator = createGeneValidator(data.hgnc);
  const ctx = assemblyContext(loaded, qc, set, indexCrossRefs(data.mappings, included), validator);
  const { allFacts, warningsOf } = assembleAll(ctx);
  const ancestorMemo = new Map<string, string[]>();
  const descendants = descendantCounter(set.children);
  rollUp(
    allFacts,
    (id) => ancestorMemo.get(id) ?? ancestorMemo.set(id, set.ancestors(id)).get(id)!,
    (id) => classKind(descendants(id)) === 'group',
  );
  const hallmarks = hallmarkSelector(data.hpoTerms, termSpecificity(data.hpoTerms));
  const finish: FinishContext = { data, qc, hallmarks, descendants, warningsOf };
  const records = [...allFacts.values()].map((f) => finishRecord(f, finish));
  const obsoletes = servedObsoletes(data, included, qc);
  return { records, obsoletes, qc, stats: recordStats(records, obsoletes, set, validator.approvedCount) };
}

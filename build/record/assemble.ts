import type { HpoTerm, MondoSynonym, NordReport } from '../ingest/source-types.ts';
import { gardLinks, type GardMatch } from './gard-links.ts';
import type { CrossRefIndex } from './cross-refs.ts';
import type { DiseaseSet } from './disease-set.ts';
import type { FactsIndex } from './exact-joins.ts';
import { mergeGenes } from './genes.ts';
import { mergePhenotypes, type HpoLookup } from './phenotypes.ts';
import type { QcReport } from './qc.ts';
import type { SourceData } from '../ingest/source-data.ts';
import { SynonymSet, byHierarchy } from './synonyms.ts';
import type {
  InheritanceTerm,
  OnsetCategory,
  OrphanDrugEntry,
  PrevalenceEntry,
  ScreeningStatus,
  SourceId,
  TrialEntry,
  VocabValue,
} from './record-types.ts';
import { INHERITANCE_LABELS, ONSET_LABELS } from '../../server/contract/api/vocab.ts';
import {
  inheritanceFromHpo,
  inheritanceFromOrphanet,
  onsetFromHpo,
  onsetFromOrphanet,
  prevalenceCategoryOfClass,
} from './vocab-mapping.ts';
import { pickPrevalenceCategory } from './prevalence.ts';
import { consolidateInheritance } from './inheritance.ts';
import { emptyRollup } from './rollup.ts';
import { advocacyGroups, assistancePrograms } from './support-lists.ts';
import { trialNotice } from './trial-links.ts';

import type { RecordFacts } from './record-facts.ts';
export type { RecordFacts };

export interface AssemblyContext {
  data: SourceData;
  set: DiseaseSet;
  xrefs: CrossRefIndex;
  facts: FactsIndex;
  hpo: HpoLookup;
  resolveGene: Parameters<typeof mergeGenes>[2];
  screening: (id: string, ancestors: string[]) => ScreeningStatus;
  drugs: Map<string, OrphanDrugEntry[]>;
  trials: Map<string, TrialEntry[]>;
  rare: Set<string>;
  subsets: Map<string, string[]>;
  nord: Map<string, NordReport>;
  geneLinks: Map<string, SourceData['geneLinks']>;
  /** Mondo synonyms: the full release's, else the 2023 rare list's (scope unknown). */
  mondoSynonyms: Map<string, MondoSynonym[]>;
  /** The classes a name (nameWords of a label or Mondo synonym) belongs to. */
  nameOwners: (key: string) => readonly string[];
  /** GARD diseases joined to each class (see joinGard). */
  gard: Map<string, GardMatch[]>;
  qc: QcReport;
}

function release(ctx: AssemblyContext, id: SourceId): string {
  return ctx.data.releases.get(id)?.release ?? 'unknown';
}

/** HPO ancestors of a term, the term itself first; memoized because few terms recur a lot. */
export function createHpoAncestry(terms: Map<string, HpoTerm>): (id: string) => string[] {
  const memo = new Map<string, string[]>();
  const walk = (id: string): string[] => {
    const hit = memo.get(id);
    if (hit) return hit;
    memo.set(id, [id]);
    const out = [id];
    for (const p of terms.get(id)?.parents ?? []) for (const a of walk(p)) if (!out.includes(a)) out.push(a);
    memo.set(id, out);
    return out;
  };
  return walk;
}

function addVocab<T extends string>(
  list: VocabValue<T>[],
  term: T,
  label: string,
  hpoId: string | null,
  source: 'hpo' | 'orphanet',
  rel: string,
  raw: string,
): void {
  let v = list.find((x) => x.term === term);
  if (!v) list.push((v = { term, label, hpoId, sources: [] }));
  if (!v.hpoId && hpoId) v.hpoId = hpoId;
  if (!v.sources.some((s) => s.source === source && s.raw === raw)) v.sources.push({ source, release: rel, raw });
}

/** The disease's sources of one kind, fetched once per record. */
interface SourceRows {
  orpha: ReturnType<FactsIndex['orphanet']['get']> & object;
  hpoa: ReturnType<FactsIndex['hpoa']['get']> & object;
  doid: ReturnType<FactsIndex['doid']['get']> & object;
}

/** Assemble the facts of one disease from every source; derived parts are added afterwards. */
export function assembleFacts(id: string, ctx: AssemblyContext, ancestry: (hpoId: string) => string[]): RecordFacts {
  const { set, xrefs, facts } = ctx;
  const rows: SourceRows = { orpha: facts.orphanet.get(id) ?? [], hpoa: facts.hpoa.get(id) ?? [], doid: facts.doid.get(id) ?? [] };
  const nord = ctx.nord.get(id);
  const gard = ctx.gard.get(id) ?? [];
  const consolidated = consolidateInheritance(inheritanceOf(id, ctx, rows, ancestry));
  const prevalence = prevalenceOf(ctx, rows);
  const trials = ctx.trials.get(id) ?? [];
  return {
    id,
    name: set.labels.get(id)!,
    isRare: ctx.rare.has(id),
    subsets: ctx.subsets.get(id) ?? [],
    definition: definitionOf(id, ctx, rows),
    synonyms: synonymsOf(id, ctx, rows),
    parents: (set.parents.get(id) ?? []).map((p) => ({ id: p, name: set.labels.get(p)! })),
    children: (set.children.get(id) ?? []).map((c) => ({ id: c, name: set.labels.get(c)! })),
    xrefs: xrefs.bySubject.get(id) ?? {},
    phenotypes: mergePhenotypes(
      id,
      rows.hpoa.map((row) => ({ row, release: release(ctx, 'hpo') })),
      rows.orpha.map((disorder) => ({ disorder, release: release(ctx, 'orphanet') })),
      ctx.hpo,
      ctx.qc,
    ),
    inheritance: consolidated.inheritance,
    inheritanceSummary: consolidated.summary,
    onset: onsetOf(id, ctx, rows, ancestry),
    prevalence,
    prevalenceCategory: pickPrevalenceCategory(prevalence, prevalenceCategoryOfClass),
    genes: genesOf(id, ctx, rows),
    screening: ctx.screening(id, set.ancestors(id)),
    orphanDrugs: ctx.drugs.get(id) ?? [],
    trials: {
      fromSample: true,
      notice: trialNotice(trials),
      total: trials.length,
      active: trials.filter((t) => t.active).length,
      items: trials,
    },
    advocacyGroups: advocacyGroups(ctx.nord.get(id), ctx.data.editorial, id, release(ctx, 'nord')),
    assistancePrograms: assistancePrograms(ctx.data.editorial, id),
    resources: {
      medlinePlus: nord?.medlinePlusUrl ?? null,
      geneReviews: nord?.geneReviewsUrl ?? null,
      nordReportId: nord?.reportId ?? null,
      gard: gardLinks(gard),
    },
    rollup: emptyRollup(),
  };
}

/** Mondo's definition, else Orphanet's, else Disease Ontology's (exact matches only). */
function definitionOf(id: string, ctx: AssemblyContext, { orpha, doid }: SourceRows): RecordFacts['definition'] {
  const mondoDef = ctx.data.definitions.get(id);
  if (mondoDef)
    return {
      text: mondoDef.text,
      source: 'mondo',
      sourceId: id,
      release: mondoDef.date || release(ctx, 'mondo'),
      references: mondoDef.references,
    };
  const o = orpha.find((d) => d.definition);
  if (o)
    return { text: o.definition!, source: 'orphanet', sourceId: `ORPHA:${o.orphaCode}`, release: release(ctx, 'orphanet'), references: [] };
  const d = doid.find((t) => t.definition);
  if (d) return { text: d.definition!, source: 'doid', sourceId: d.id, release: release(ctx, 'doid'), references: d.definitionReferences };
  ctx.qc.warn('missing-definition', id, 'mondo', 'no definition from Mondo, Orphanet (exact match) or Disease Ontology (exact match)');
  return null;
}

/** Every source's names for the disease, each with its scope and where it comes from. */
function synonymsOf(id: string, ctx: AssemblyContext, { orpha, doid }: SourceRows): RecordFacts['synonyms'] {
  const syn = new SynonymSet(ctx.set.labels.get(id)!);
  for (const s of ctx.mondoSynonyms.get(id) ?? []) syn.add(s.text, s.scope ?? 'unspecified', 'mondo', id, s.type);
  for (const o of orpha) {
    syn.add(o.label, 'exact', 'orphanet', `ORPHA:${o.orphaCode}`);
    for (const s of o.synonyms) syn.add(s, 'exact', 'orphanet', `ORPHA:${o.orphaCode}`);
  }
  for (const { curie, label } of ctx.xrefs.exactLabels.get(id) ?? [])
    syn.add(label, 'exact', curie.slice(0, curie.indexOf(':')).toLowerCase(), curie);
  for (const t of doid) for (const s of t.synonyms) syn.add(s.text, s.scope, 'doid', t.id);
  const nord = ctx.nord.get(id);
  if (nord?.preferredName) syn.add(nord.preferredName, 'exact', 'nord', nord.reportId);
  // GARD states no scope: its names and synonyms are published as unspecified.
  for (const { disease } of ctx.gard.get(id) ?? []) {
    syn.add(disease.name, 'unspecified', 'gard', disease.id);
    for (const s of disease.synonyms) syn.add(s, 'unspecified', 'gard', disease.id);
  }
  return byHierarchy(id, syn.list(), ctx.nameOwners, (x) => ctx.set.ancestors(x));
}

/** The modes of inheritance HPO's annotations and Orphanet state, before consolidation. */
function inheritanceOf(id: string, ctx: AssemblyContext, { orpha, hpoa }: SourceRows, ancestry: (hpoId: string) => string[]) {
  const inheritance: VocabValue<InheritanceTerm>[] = [];
  for (const a of hpoa) {
    if (a.negated || (a.aspect !== 'I' && a.aspect !== 'C')) continue;
    const t = inheritanceFromHpo(ancestry(a.hpoId));
    if (t) addVocab(inheritance, t, INHERITANCE_LABELS[t], a.hpoId, 'hpo', release(ctx, 'hpo'), hpoRaw(ctx, a.hpoId));
  }
  for (const o of orpha)
    for (const v of o.inheritance) {
      const t = inheritanceFromOrphanet(v);
      if (t === undefined) ctx.qc.warn('unknown-inheritance', id, 'orphanet', `ORPHA:${o.orphaCode} inheritance "${v}"`);
      else if (t) addVocab(inheritance, t, INHERITANCE_LABELS[t], null, 'orphanet', release(ctx, 'orphanet'), v);
    }
  return inheritance.sort((a, b) => a.term.localeCompare(b.term));
}

/** The ages of onset HPO's annotations and Orphanet state, youngest first. */
function onsetOf(id: string, ctx: AssemblyContext, { orpha, hpoa }: SourceRows, ancestry: (hpoId: string) => string[]) {
  const onset: VocabValue<OnsetCategory>[] = [];
  for (const a of hpoa) {
    if (a.negated || (a.aspect !== 'I' && a.aspect !== 'C')) continue;
    const t = onsetFromHpo(ancestry(a.hpoId));
    if (t) addVocab(onset, t, ONSET_LABELS[t], a.hpoId, 'hpo', release(ctx, 'hpo'), hpoRaw(ctx, a.hpoId));
  }
  for (const o of orpha)
    for (const v of o.onsets) {
      const t = onsetFromOrphanet(v);
      if (t === undefined) ctx.qc.warn('unknown-onset', id, 'orphanet', `ORPHA:${o.orphaCode} onset "${v}"`);
      else if (t) addVocab(onset, t, ONSET_LABELS[t], null, 'orphanet', release(ctx, 'orphanet'), v);
    }
  const order = Object.keys(ONSET_LABELS);
  return onset.sort((a, b) => order.indexOf(a.term) - order.indexOf(b.term));
}

/** An HPO term as the raw value of a vocabulary entry: its id and label. */
function hpoRaw(ctx: AssemblyContext, hpoId: string): string {
  return `${hpoId} ${ctx.hpo.label(hpoId) ?? ''}`.trim();
}

/** Orphanet's prevalence figures, each with its provenance. */
function prevalenceOf(ctx: AssemblyContext, { orpha }: SourceRows): PrevalenceEntry[] {
  return orpha.flatMap((o) =>
    o.prevalences.map((p) => ({
      type: p.type,
      qualification: p.qualification,
      class: p.class,
      valuePer100k: p.valMoy,
      geography: p.geographic,
      validationStatus: null,
      references: p.source,
      provenance: { source: 'orphanet' as const, release: release(ctx, 'orphanet'), orphaCode: o.orphaCode },
    })),
  );
}

/** The genes Mondo, Orphanet and HPO associate with the disease, merged per HGNC gene. */
function genesOf(id: string, ctx: AssemblyContext, { orpha }: SourceRows): RecordFacts['genes'] {
  const sources = {
    mondo: (ctx.geneLinks.get(id) ?? []).map((link) => ({ link, release: release(ctx, 'mondo-ingest') })),
    orphanet: orpha.flatMap((o) => o.genes.map((gene) => ({ gene, release: release(ctx, 'orphanet') }))),
    hpo: (ctx.facts.hpoGenes.get(id) ?? []).map((row) => ({ row, release: release(ctx, 'hpo') })),
  };
  return mergeGenes(id, sources, ctx.resolveGene, ctx.qc);
}

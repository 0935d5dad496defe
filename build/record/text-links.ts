import type { OrphanDesignation } from '../ingest/source-types.ts';
import { filterByContext } from './designation-context.ts';
import { type RelationDecision, closestRelation, containedRelation, synonymScopeRelation } from './designation-relation.ts';
import { splitWords } from './link-rules.ts';
import { normalizeName, type NameHit, type NameIndex } from './name-index.ts';
import type { QcReport } from './qc.ts';
import type { DesignationLink, OrphanDrugEntry, OrphanDrugStatus } from './record-types.ts';
import { ORPHAN_DRUG_STATUSES } from '../../server/contract/api/vocab.ts';
import { type Repaired, repairText } from './text-repair.ts';
import { orphanStatusFromFda } from './vocab-mapping.ts';

/** A synonym shared by more diseases than this names a family, not one disease: not linked. */
const MAX_SYNONYM_IDS = 2;
/** A name hit that may link: a disease's name, or a synonym no more than MAX_SYNONYM_IDS diseases share. */
export function usable(hit: NameHit): boolean {
  return hit.kind === 'name' || hit.ids.length <= MAX_SYNONYM_IDS;
}

/** How one designation row linked: every matched name or synonym with its method and field; empty when none matched. */
export interface DesignationHits {
  row: OrphanDesignation;
  hits: { hit: NameHit; method: OrphanDrugEntry['link']['method']; field: DesignationLink['field']; decision: RelationDecision }[];
  /** Names or synonyms found but shared by too many diseases to link (see MAX_SYNONYM_IDS). */
  tooAmbiguous: NameHit[];
}

/**
 * Match one FDA text against disease names and synonyms: the whole text (less "Treatment of ...")
 * equal to a name or synonym first, else names and synonyms contained in it that the context
 * does not rule out (DESIGNATION_CONTEXT_RULE), under the word rules of LINKING_RULES (link-rules.ts).
 */
function matchText(text: string, index: NameIndex, field: DesignationLink['field']): Omit<DesignationHits, 'row'> {
  const exact = index.matchExact(text);
  if (exact && usable(exact))
    return {
      hits: [
        {
          hit: exact,
          method: exact.kind === 'name' ? 'exact-name' : 'exact-synonym',
          field,
          decision: { relation: 'exact', decidedBy: 'the whole text names the disease' },
        },
      ],
      tooAmbiguous: [],
    };
  const tw = splitWords(text);
  // splitWords follows normalizeName; should a text ever split otherwise, the word rules are left out rather than misapplied.
  const aligned = tw.words.join(' ') === normalizeName(text);
  const words = aligned ? tw.words : normalizeName(text).split(' ').filter(Boolean);
  // The patient group of another condition is kept: its relation says it is a complication (LINK_RELATION_RULE).
  const found = filterByContext(words, index.matchContainedWords(words, aligned ? tw : undefined), { keepPatientGroups: true });
  // A name whose every disease lies above a more specific one the same text names is a remnant ("... arising from indolent lymphoma").
  const specific = found.flatMap((h) => h.ids);
  const contained = found.filter((h) => !h.ids.every((id) => index.isAncestorOfAny(id, specific)));
  const spans = contained.flatMap((h) => (h.span ? [h.span] : []));
  const decide = (hit: NameHit): RelationDecision =>
    aligned && hit.span
      ? containedRelation(
          tw,
          hit.span[0],
          hit.span[1],
          spans.filter((s) => s !== hit.span),
          { ownGene: (symbol) => hit.ids.every((id) => index.hasCausalGene(id, symbol)), isName: (key) => index.namesDisease(key) },
        )
      : { relation: 'broader', decidedBy: 'the text could not be split into words as written; not known to name the whole disease' };
  return {
    hits: contained
      .filter(usable)
      .map((hit) => ({ hit, method: hit.kind === 'name' ? 'contained-name' : 'contained-synonym', field, decision: decide(hit) })),
    tooAmbiguous: [...(exact && !usable(exact) ? [exact] : []), ...contained.filter((h) => !usable(h))],
  };
}

/** Match one designation row: its designation text and, for an approval in force, its approved labeled indication. */
export function matchDesignation(row: OrphanDesignation, index: NameIndex): DesignationHits {
  const own = matchText(row.designation, index, 'designation');
  const status = orphanStatusFromFda(row.designationStatus);
  if (status !== 'approved' || !row.approvedIndication) return { row, ...own };
  const byIndication = matchText(row.approvedIndication, index, 'approvedIndication');
  return { row, hits: [...own.hits, ...byIndication.hits], tooAmbiguous: [...own.tooAmbiguous, ...byIndication.tooAmbiguous] };
}

const STATUS_RANK: Record<OrphanDrugStatus, number> = Object.fromEntries(ORPHAN_DRUG_STATUSES.map((s, i) => [s, i])) as Record<
  OrphanDrugStatus,
  number
>;

/** The date an item is ordered by within its status: approval, designation, or withdrawal (else designation). */
function sortDate(d: OrphanDrugEntry): string {
  if (d.status === 'approved') return d.marketingApprovalDate ?? '';
  if (d.status === 'withdrawn') return d.dateWithdrawn ?? d.dateDesignated ?? '';
  return d.dateDesignated ?? '';
}

/**
 * List order of a disease's designations: approved first (newest approval first), then those
 * designated and in force (newest designation first), then withdrawn or revoked ones (newest
 * withdrawal first); ties by generic name, then designation date, then FDA key.
 */
export function compareOrphanDrugs(a: OrphanDrugEntry, b: OrphanDrugEntry): number {
  return (
    STATUS_RANK[a.status] - STATUS_RANK[b.status] ||
    sortDate(b).localeCompare(sortDate(a)) ||
    a.genericName.localeCompare(b.genericName) ||
    (b.dateDesignated ?? '').localeCompare(a.dateDesignated ?? '') ||
    (a.fdaUrl ?? '').localeCompare(b.fdaUrl ?? '')
  );
}

/** The FDA database page of a designation, by its CF Grid Key. */
export function fdaDesignationUrl(key: string | null): string | null {
  return key === null ? null : `https://www.accessdata.fda.gov/scripts/opdlisting/oopd/detailedIndex.cfm?cfgridkey=${key}`;
}

/** Rows of one FDA designation: those sharing a CF Grid Key (one row per approved indication); a row without a key stands alone. */
function byDesignation(rows: OrphanDesignation[]): OrphanDesignation[][] {
  const groups = new Map<string, OrphanDesignation[]>();
  for (const row of rows) {
    const key = row.designationKey ?? `row ${row.row}`;
    (groups.get(key) ?? groups.set(key, []).get(key)!).push(row);
  }
  return [...groups.values()];
}

/**
 * Link FDA orphan designations (every status) to diseases by their designation text and their
 * approved labeled indications (see {@link matchDesignation}): one entry per designation and
 * disease, with every link that named the disease and every approval. Unmatched designations and
 * unknown status wording go to the QC report. Lists are in {@link compareOrphanDrugs} order.
 */
export function linkDesignations(
  rawRows: OrphanDesignation[],
  index: NameIndex,
  release: string,
  qc: QcReport,
  scopeOf: SynonymScopeLookup = () => null,
): Map<string, OrphanDrugEntry[]> {
  const out = new Map<string, OrphanDrugEntry[]>();
  const repairs = new Map<OrphanDesignation, TextRepair[]>();
  const rows = rawRows.map((raw) => repairRow(raw, repairs));
  for (const group of byDesignation(rows)) {
    const known = group.filter((row) => {
      if (orphanStatusFromFda(row.designationStatus) !== undefined) return true;
      qc.warn(
        'unknown-designation-status',
        null,
        'fda-oopd',
        `row ${row.row}: status "${row.designationStatus}" (${row.genericName}) is not a known FDA wording; not linked`,
      );
      return false;
    });
    if (known.length === 0) continue;
    // The newest approval first: its row gives the entry's single-approval fields.
    known.sort((a, b) => (b.marketingApprovalDate ?? '').localeCompare(a.marketingApprovalDate ?? '') || a.row - b.row);
    const head = known[0];
    // The designation's status: withdrawn when any of its rows says so (it applies to every approval), else approved when any is.
    const statuses = new Set(known.map((r) => orphanStatusFromFda(r.designationStatus)!));
    const status: OrphanDrugStatus = statuses.has('withdrawn') ? 'withdrawn' : statuses.has('approved') ? 'approved' : 'designated';
    const links = designationLinks(known, index, scopeOf);
    if (links.size === 0) {
      qc.warn(
        'unmatched-designation',
        null,
        'fda-oopd',
        `row ${head.row}: "${head.designation}" (${head.genericName}) matched no disease name or synonym`,
      );
      continue;
    }
    const approvals = known
      .filter((r) => r.marketingApprovalDate !== null || r.approvedIndication !== null)
      .map((r) => ({ indication: r.approvedIndication, date: r.marketingApprovalDate, exclusivityEndDate: r.exclusivityEndDate }));
    const textRepairs = known.flatMap((r) => repairs.get(r) ?? []).filter((x, i, all) => all.findIndex((y) => y.raw === x.raw) === i);
    for (const [id, list] of links) {
      const entry: OrphanDrugEntry = {
        genericName: head.genericName,
        tradeName: head.tradeName,
        status,
        designation: head.designation,
        dateDesignated: head.dateDesignated,
        dateWithdrawn: head.dateWithdrawn,
        approvedIndication: head.approvedIndication,
        marketingApprovalDate: head.marketingApprovalDate,
        exclusivityEndDate: head.exclusivityEndDate,
        sponsor: head.sponsor,
        designationStatus: head.designationStatus,
        fdaUrl: fdaDesignationUrl(head.designationKey),
        relation: closestRelation(list.map((l) => l.relation)),
        link: list[0],
        links: list,
        approvals,
        textRepairs,
        provenance: { source: 'fda-oopd', release },
      };
      (out.get(id) ?? out.set(id, []).get(id)!).push(entry);
    }
  }
  for (const list of out.values()) list.sort(compareOrphanDrugs);
  return out;
}

/** The Mondo scope of a synonym of a class ('broad', 'narrow', ...); null when unknown or not a synonym. */
export type SynonymScopeLookup = (id: string, text: string) => string | null;

/** A repaired FDA text of an entry: which field, the raw value and the rules applied (TEXT_REPAIR_RULE). */
export type TextRepair = OrphanDrugEntry['textRepairs'][number];

const REPAIRED_FIELDS = ['genericName', 'tradeName', 'designation', 'approvedIndication', 'sponsor'] as const;

/** A row with its texts repaired by TEXT_REPAIR_RULE; what changed goes to `repairs`. */
function repairRow(raw: OrphanDesignation, repairs: Map<OrphanDesignation, TextRepair[]>): OrphanDesignation {
  let row = raw;
  const done: TextRepair[] = [];
  for (const field of REPAIRED_FIELDS) {
    const value = raw[field];
    if (value === null || !value.includes('¿')) continue;
    const r: Repaired = repairText(value);
    if (r.rules.length === 0) continue;
    row = { ...row, [field]: r.text };
    done.push({ field, raw: r.raw, rules: r.rules });
  }
  if (done.length > 0) repairs.set(row, done);
  return row;
}

/**
 * Every disease the rows of one designation name, with how (method, field, relation). A link
 * through an approved labeled indication alone is dropped when the approval covers more than the
 * designation: the designation text names other diseases, the approval names one of them (or a class
 * above or below one) beside this one, and this one is none of them, no class above or below one, no
 * form of one by name ("primary myelofibrosis" of "myelofibrosis"), and not the disease of the patients
 * in whom one of them is treated ("iron overload due to thalassemia syndromes"). So a primary
 * mediastinal B-cell lymphoma designation whose approval reads "large B-cell lymphoma, including ...
 * high-grade B-cell lymphoma" is not listed on high-grade B-cell lymphoma, and a designation for
 * hyperphenylalaninemia whose approval names only phenylketonuria still is.
 */
function designationLinks(known: OrphanDesignation[], index: NameIndex, scopeOf: SynonymScopeLookup): Map<string, DesignationLink[]> {
  const links = new Map<string, DesignationLink[]>();
  // The condition words of each complication an approval names, by disease (a link keeps only its first row's).
  const treatedIn = new Map<string, string[]>();
  for (const row of known) {
    for (const { hit, method, field, decision } of matchDesignation(row, index).hits) {
      for (const id of hit.ids) {
        const list = links.get(id) ?? links.set(id, []).get(id)!;
        const scoped = method.endsWith('synonym') ? synonymScopeRelation(scopeOf(id, hit.text), hit.text) : null;
        const { relation, decidedBy } = scoped ?? decision;
        if (field === 'approvedIndication' && relation === 'complication')
          (treatedIn.get(id) ?? treatedIn.set(id, []).get(id)!).push(` ${normalizeName(decidedBy)} `);
        if (!list.some((l) => l.method === method && l.matchedText === hit.text && l.field === field))
          list.push({ method, matchedText: hit.text, field, relation, decidedBy });
      }
    }
  }
  const named = [...links].filter(([, list]) => list.some((l) => l.field === 'designation')).map(([id]) => id);
  if (named.length === 0) return links;
  const related = (id: string) => named.some((n) => n === id || index.isAncestorOfAny(n, [id]) || index.isAncestorOfAny(id, [n]));
  const approvalNamesDesignation = [...links].some(([id, list]) => list.some((l) => l.field === 'approvedIndication') && related(id));
  if (!approvalNamesDesignation) return links;
  const designationNames = [...links.values()].flatMap((list) =>
    list.filter((l) => l.field === 'designation').map((l) => normalizeName(l.matchedText)),
  );
  const formOf = (a: string, b: string) => a === b || a.endsWith(` ${b}`) || b.endsWith(` ${a}`);
  for (const [id, list] of links) {
    if (list.some((l) => l.field === 'designation') || related(id)) continue;
    const names = list.map((l) => normalizeName(l.matchedText));
    if (names.some((n) => designationNames.some((d) => formOf(n, d)))) continue;
    const host = (treatedIn.get(id) ?? []).some((words) => designationNames.some((d) => words.includes(` ${d} `)));
    if (!host) links.delete(id);
  }
  return links;
}

/** The `provenance.note` of /orphan-drugs: what the list is, whichever OOPD export was read. */
export const ORPHAN_DRUG_LIST_NOTE =
  "FDA Orphan Drug Designations and Approvals (OOPD export; its release is in each item's provenance and in /api/v1/health): every designation in the export " +
  'whose designated use or approved labeled indication names this disease, whatever its status (approved, designated, or withdrawn or revoked, with dates and ' +
  "sponsor); one item per designation, every approval in its `approvals`. Linked by text, not curated: each item's `links` say how. Order: approvals in force (newest approval first), then designations in force without approval (newest first), then " +
  'withdrawn or revoked designations (newest first). The FDA gives withdrawal dates only for withdrawals after 2013-08-12.';

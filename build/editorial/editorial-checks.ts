import { citedFacts, type EditorialFile } from './editorial-file.ts';
import type { EditorialHpo } from './hpo-terms.ts';
import { checkLead } from './lead-check.ts';
import type { PublishedRecord } from './published-records.ts';

/**
 * The releases the facts are checked against now. A fact that the release the curator checked
 * it against contradicts is the curator's error (tier 1, the build stops); one that only a newer
 * release contradicts is news (tier 2: the build goes on without it and lists it).
 */
export interface CurrentReleases {
  mondo: string;
  hpo: string;
  hgnc: string;
}

/** A fact a newer release contradicts: what the build leaves out, and why. */
export interface Contradiction {
  pointer: string;
  reason: string;
}

/** The outcome of checking one editorial file against the data. */
export interface EditorialCheck {
  tier1: string[];
  tier2: Contradiction[];
  warnings: string[];
}

/** The structured facts of the record an editorial file is checked against (before errata apply). */
export interface RecordStatements {
  name: string;
  synonyms: { text: string; origin: string }[];
  parents: string[];
  children: string[];
  inheritance: { term: string; sources: string[] }[];
  genes: string[];
  phenotypes: { hpoId: string; sources: string[] }[];
}

/** What a served record (DiseaseRecord shape) states, for the checks. */
export function statementsOf(r: PublishedRecord): RecordStatements {
  const origins = (xs: { source: string }[] | undefined) => [...new Set((xs ?? []).map((s) => s.source))];
  return {
    name: r.name,
    synonyms: (r.synonyms ?? []).map((s: { text: string; origin: string }) => ({ text: s.text, origin: s.origin })),
    parents: (r.parents ?? []).map((p: { id: string }) => p.id),
    children: (r.children ?? []).map((c: { id: string }) => c.id),
    inheritance: (r.inheritance ?? []).map((m: { term: string; sources: { source: string }[] }) => ({
      term: m.term,
      sources: origins(m.sources),
    })),
    genes: (r.genes ?? []).map((g: { symbol: string }) => g.symbol),
    phenotypes: (r.phenotypes ?? []).map((p: { hpoId: string; sources: { source: string }[] }) => ({
      hpoId: p.hpoId,
      sources: origins(p.sources),
    })),
  };
}

/** Does some named source make the erratum's statement on this record? */
function statementMade(e: EditorialFile['errata'][number], s: RecordStatements): boolean {
  const by = (sources: string[]) => e.statedBy.some((x) => sources.includes(x));
  switch (e.kind) {
    case 'synonym':
      return s.synonyms.some((y) => y.text.toLowerCase() === e.value.toLowerCase() && e.statedBy.includes(y.origin));
    case 'parent':
      return s.parents.includes(e.value) && e.statedBy.includes('mondo');
    case 'child':
      return s.children.includes(e.value) && e.statedBy.includes('mondo');
    case 'inheritance':
      return s.inheritance.some((m) => m.term === e.value && by(m.sources));
    case 'gene':
      return s.genes.includes(e.value);
    case 'phenotype':
      return s.phenotypes.some((p) => p.hpoId === e.value && by(p.sources));
  }
}

/** Tier 1 when the curator's release is the current one, else tier 2 (a newer release says otherwise). */
function contradicted(out: EditorialCheck, same: boolean, pointer: string, reason: string): void {
  if (same) out.tier1.push(`${pointer}: ${reason}`);
  else out.tier2.push({ pointer, reason });
}

function checkCitations(doc: EditorialFile, out: EditorialCheck): void {
  const ids = doc.sources.map((s) => s.id);
  ids.forEach((id, i) => {
    if (ids.indexOf(id) !== i) out.tier1.push(`/sources/${i}/id: "${id}" is listed twice`);
  });
  const cited = new Set<string>();
  for (const [pointer, source] of citedFacts(doc)) {
    cited.add(source);
    if (!ids.includes(source)) out.tier1.push(`${pointer}/source: "${source}" is not a listed source (${ids.join(', ')})`);
  }
  ids.forEach((id, i) => {
    if (!cited.has(id)) out.warnings.push(`/sources/${i}: "${id}" is cited by no fact`);
  });
}

function checkFeatures(doc: EditorialFile, hpo: EditorialHpo, now: CurrentReleases, out: EditorialCheck): void {
  const same = doc.curated.against.hpo === now.hpo;
  doc.definingFeatures.forEach((f, i) => {
    const at = `/definingFeatures/${i}`;
    const term = hpo.terms.get(f.hpoId);
    if (!term) out.tier1.push(`${at}/hpoId: ${f.hpoId} is not an HPO term`);
    else if (term.obsolete)
      contradicted(out, same, `${at}/hpoId`, `${f.hpoId} is obsolete${term.replacedBy ? ` (replaced by ${term.replacedBy})` : ''}`);
    else if (!term.names.includes(f.label.toLowerCase()))
      out.tier1.push(`${at}/label: "${f.label}" is not a name of ${f.hpoId} ("${term.label}")`);
  });
}

/** Lower case, letters and digits only: how a feature's label is compared with the disease's names. */
export const nameKey = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

function checkAgainstRecord(doc: EditorialFile, s: RecordStatements, now: CurrentReleases, out: EditorialCheck): void {
  const sameMondo = doc.curated.against.mondo === now.mondo;
  // A hallmark says how the disease shows itself: the disease's own name says nothing (EXPERT_HALLMARK_RULE leaves it out).
  const names = new Set([s.name, ...s.synonyms.map((y) => y.text)].map(nameKey));
  doc.definingFeatures.forEach((f, i) => {
    if (names.has(nameKey(f.label)))
      out.warnings.push(`/definingFeatures/${i}: "${f.label}" names the disease itself: it is not listed among the hallmarks`);
  });
  const sameGenes = sameMondo && doc.curated.against.hgnc === now.hgnc;
  if (s.name !== doc.name) out.warnings.push(`/name: "${doc.name}" is now "${s.name}" in Mondo`);
  doc.genes.forEach((g, i) => {
    if (!s.genes.includes(g.symbol))
      contradicted(out, sameGenes, `/genes/${i}`, `${g.symbol} is not among the record's genes (${s.genes.join(', ') || 'none'})`);
  });
  const suppressed = new Set(doc.errata.filter((e) => e.kind === 'inheritance').map((e) => e.value));
  const modes = s.inheritance.map((m) => m.term).filter((m) => !suppressed.has(m));
  (doc.inheritance?.modes ?? []).forEach((m, i) => {
    if (!modes.includes(m))
      contradicted(out, sameMondo, `/inheritance/modes/${i}`, `${m} is not among the record's modes (${modes.join(', ') || 'none'})`);
  });
  doc.errata.forEach((e, i) => {
    if (statementMade(e, s)) return;
    const reason = `no source among ${e.statedBy.join(', ')} states the ${e.kind} "${e.value}" on this record`;
    if (sameMondo) out.tier1.push(`/errata/${i}: ${reason}`);
    else out.warnings.push(`/errata/${i}: ${reason} any more (the erratum can go)`);
  });
}

/**
 * QC tiers 1 and 2 of one schema-valid editorial file: citations, HPO terms, the lead's fact
 * check, and the file's genes, modes and errata against the record's own statements. `record`
 * null means no current record has the id (obsolete or merged): tier 2 after a new Mondo release,
 * else tier 1.
 */
export function checkEditorial(
  doc: EditorialFile,
  record: RecordStatements | null,
  hpo: EditorialHpo,
  now: CurrentReleases,
): EditorialCheck {
  const out: EditorialCheck = { tier1: [], tier2: [], warnings: [] };
  checkCitations(doc, out);
  checkFeatures(doc, hpo, now, out);
  out.tier1.push(...checkLead(doc));
  if (record === null) contradicted(out, doc.curated.against.mondo === now.mondo, '/mondoId', `${doc.mondoId} is not a current disease`);
  else checkAgainstRecord(doc, record, now, out);
  return out;
}

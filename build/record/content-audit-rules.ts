import { normalizeName } from './name-index.ts';
import { MENDELIAN_MODES } from './inheritance.ts';
import { namesItself } from './class-naming.ts';
import { lostCharacterPassages } from './text-repair.ts';

/**
 * The per-record rules of the content audit (content-audit.ts). They read a served record body
 * loosely, so the same audit measures snapshots built before and after a change of shape.
 */

// biome-ignore lint/suspicious/noExplicitAny: a served body of any API version
type Body = any;

/** The audit reads terms as plain strings from a body of any version. */
const MENDELIAN: ReadonlySet<string> = MENDELIAN_MODES;

/** Words that mark a synonym as something other than a name of the disease itself. */
export const NON_NAME =
  /\b(susceptibility|modifier of|resistance to|protection against|predisposition to|risk of)\b|, association with\b|\bother than\b/i;
/** "non-PKU": a negated abbreviation (case matters: "Non-syndromic" is a name). */
const NON_ABBREVIATION = /\bnon-?[A-Z]{2,}\b/;

/** What cross-record measures need of one record. */
export interface RecordDigest {
  id: string;
  name: string;
  /** Its label and the synonyms that are names of it (all synonyms in a snapshot without `kind`). */
  names: string[];
  isRare: boolean;
  parents: string[];
  children: string[];
  genes: string[];
  causalGenes: string[];
  approvedUrls: string[];
  screeningVia: string | null;
  geneticsText: string;
  screeningText: string;
}

export function digestRecord(r: Body): RecordDigest {
  return {
    id: r.id,
    name: r.name,
    names: [r.name, ...r.synonyms.filter((s: Body) => s.kind === undefined || s.kind === 'name').map((s: Body) => s.text)],
    isRare: r.isRare,
    parents: r.parents.map((p: Body) => p.id),
    children: r.children.map((c: Body) => c.id),
    genes: r.genes.map((g: Body) => g.symbol),
    causalGenes: r.genes.filter((g: Body) => String(g.association).startsWith('causal')).map((g: Body) => g.symbol),
    approvedUrls: r.orphanDrugs.filter((d: Body) => d.status === 'approved').map((d: Body) => d.fdaUrl ?? ''),
    screeningVia: r.screening.via,
    geneticsText: r.sections.genetics.paragraphs.join('\n'),
    screeningText: r.sections['screening-and-diagnosis'].paragraphs.join('\n'),
  };
}

export interface AuditRow {
  id: string;
  boilerplate: number;
  inheritanceContradiction: number;
  frequencyOrder: number;
  alphabeticalTies: number;
  smallCountOverBand: number;
  smallCountOverBand5: number;
  duplicateDesignations: number;
  designationInSeveralEntries: number;
  negatedLinks: number;
  nonNames: number;
  mendelianPrimary: boolean;
  overviewNamesInheritance: boolean;
  /** FDA entries holding a character the export lost ("?"; LOST_CHARACTER_RULE). */
  lostCharacterEntries: number;
  /** Passages around such a character that the prose shows unmarked. */
  lostCharacterUnmarked: number;
  /** Named classes whose label names the disease itself (CLASS_NAMING_RULE). */
  selfNamedClasses: number;
  /** Genes the overview says cause the disease although a source gives them as somatic or a fusion. */
  nonGermlineCauses: number;
}

/** The FDA texts of a served orphan drug entry. */
const fdaTexts = (d: Body): (string | null)[] => [
  d.genericName,
  d.tradeName,
  d.designation,
  d.approvedIndication,
  ...(d.approvals ?? []).map((a: Body) => a.indication),
  ...(d.links ?? []).map((l: Body) => l.decidedBy),
];

/** The checks of issue 32's second reading: lost characters, self-naming classes, causes a source does not state as germline. */
function readingChecks(r: Body, prose: string, overview: string, names: string[]) {
  const lostCharacterEntries = r.orphanDrugs.filter((d: Body) => fdaTexts(d).some((t) => t?.includes('?'))).length;
  const passages = lostCharacterPassages(r.orphanDrugs.flatMap(fdaTexts));
  const lostCharacterUnmarked = passages.filter((p) => prose.includes(p)).length;
  const selfNamedClasses = ((r.computed?.namedClasses ?? []) as Body[]).filter((c) => namesItself(c.name, r.name, names)).length;
  const caused = /caused by (?:germline )?variants in ([^.]*)/.exec(overview)?.[1] ?? '';
  const nonGermlineCauses = r.genes.filter(
    (g: Body) => g.sources.some((s: Body) => /somatic|fusion/i.test(s.raw)) && new RegExp(`\\b${g.symbol}\\b`).test(caused),
  ).length;
  return { lostCharacterEntries, lostCharacterUnmarked, selfNamedClasses, nonGermlineCauses };
}

/** Comparable frequency of a phenotype's headline: its point value, else its band's midpoint; -1 when unknown. */
function rank(p: Body): number {
  const f = p.frequency;
  if (!f) return -1;
  // A count of too few patients ranks after every reliable frequency (FREQUENCY_RULE), before none.
  if (p.frequencyBasis === 'small-count' || p.frequencyBasis === 'unusable') return -0.5;
  // A snapshot without frequencyBasis: a count of fewer than 5 patients is the same tier.
  if (p.frequencyBasis === undefined && f.denominator !== null && f.denominator !== undefined && f.denominator < 5) return -0.5;
  if (f.percent !== null && f.percent !== undefined) return f.percent;
  return f.range ? (f.range[0] + f.range[1]) / 2 : -1;
}

const isBandRaw = (raw: string | null) => raw !== null && (/^HP:004028[0-5]$/.test(raw) || /^[A-Z][a-z ]+ \(/.test(raw));

export function auditRecord(r: Body): AuditRow {
  const text = Object.values(r.sections as Record<string, { paragraphs: string[] }>)
    .flatMap((s) => s.paragraphs)
    .join('\n');
  const boilerplate = /disease class of the Mondo Disease Ontology|Mondo lists it in its rare disease subset|content\/[a-z-]+\//.test(text)
    ? 1
    : 0;
  const terms = new Set<string>(r.inheritance.map((v: Body) => v.term));
  const inheritanceContradiction = terms.has('not-applicable') && [...terms].some((t) => MENDELIAN.has(t)) ? 1 : 0;

  const present = r.phenotypes.filter((p: Body) => !p.negated);
  let frequencyOrder = 0;
  for (let i = 1; i < present.length; i++) if (rank(present[i]) > rank(present[i - 1])) frequencyOrder = 1;
  // Ties in label order: every run of two or more equal ranks sorted by label, and at least two such runs.
  let runs = 0;
  let alphabetical = 0;
  for (let i = 0; i < present.length; ) {
    let j = i + 1;
    while (j < present.length && rank(present[j]) === rank(present[i])) j++;
    if (j - i >= 3) {
      runs++;
      const labels = present.slice(i, j).map((p: Body) => p.label);
      if (labels.every((l: string, k: number) => k === 0 || labels[k - 1].localeCompare(l) <= 0)) alphabetical++;
    }
    i = j;
  }
  let small = 0;
  let small5 = 0;
  for (const p of present) {
    const f = p.frequency;
    if (!f || f.denominator === null || f.denominator === undefined) continue;
    const band = p.sources.some((s: Body) => isBandRaw(s.frequencyRaw));
    if (!band) continue;
    if (f.denominator < 3) small++;
    if (f.denominator < 5) small5++;
  }

  const seen = new Set<string>();
  const seenUrl = new Set<string>();
  let duplicates = 0;
  let several = 0;
  let negated = 0;
  for (const d of r.orphanDrugs) {
    const key = `${d.fdaUrl ?? d.designation}\u0000${d.marketingApprovalDate ?? ''}\u0000${d.approvedIndication ?? ''}`;
    if (seen.has(key)) duplicates++;
    seen.add(key);
    if (d.fdaUrl && seenUrl.has(d.fdaUrl)) several++;
    if (d.fdaUrl) seenUrl.add(d.fdaUrl);
    const links: Body[] = d.links ?? [d.link];
    for (const l of links) {
      const where = normalizeName(l.field === 'approvedIndication' ? (d.approvedIndication ?? '') : d.designation);
      const m = normalizeName(l.matchedText);
      if (new RegExp(`(^| )(non|other than|excluding) ${m}( |$)`).test(where)) negated++;
    }
  }
  const shown = r.synonyms.filter((s: Body) => s.kind === undefined || s.kind === 'name');
  const overview = r.sections.overview.paragraphs.join('\n');
  const nonNames = /Other names/.test(overview) && shown.some((s: Body) => NON_NAME.test(s.text) || NON_ABBREVIATION.test(s.text)) ? 1 : 0;
  const names = shown.map((s: Body) => s.text);
  const reading = readingChecks(r, text, overview, names);
  const primary = r.computed.primaryInheritance as string | null;
  const label = primary ? (r.inheritance.find((v: Body) => v.term === primary)?.label ?? '') : '';
  return {
    id: r.id,
    boilerplate,
    inheritanceContradiction,
    frequencyOrder,
    alphabeticalTies: runs >= 2 && alphabetical === runs ? 1 : 0,
    smallCountOverBand: small,
    smallCountOverBand5: small5,
    duplicateDesignations: duplicates,
    designationInSeveralEntries: several,
    negatedLinks: negated,
    nonNames,
    mendelianPrimary: primary !== null && MENDELIAN.has(primary),
    overviewNamesInheritance: label !== '' && overview.toLowerCase().includes(label.toLowerCase()),
    ...reading,
  };
}

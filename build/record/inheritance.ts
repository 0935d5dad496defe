import type { InheritanceSummary, InheritanceTerm, Rollup, VocabValue } from './record-types.ts';

/**
 * Inheritance consolidation: one list that never says both "not genetic" and a mode, and a
 * primary mode by a stated precedence; every source statement stays under `sources` of a value
 * or in `conflicts`.
 */

/** Modes, in the order that breaks ties for the primary mode: Mendelian first, then the rest. */
export const MODE_PRECEDENCE: readonly InheritanceTerm[] = [
  'autosomal-dominant',
  'autosomal-recessive',
  'x-linked-dominant',
  'x-linked-recessive',
  'x-linked',
  'y-linked',
  'mitochondrial',
  'semidominant',
  'digenic',
  'oligogenic',
  'multifactorial',
  'somatic',
  'sporadic',
];
/** Modes of single-gene (Mendelian) inheritance. */
export const MENDELIAN_MODES: ReadonlySet<InheritanceTerm> = new Set(MODE_PRECEDENCE.slice(0, 8));

export const INHERITANCE_RULE =
  'When any source states a mode of inheritance, "not applicable" (not a genetic disease) and "unknown" statements are taken out of the list and kept in ' +
  '`conflicts` with their sources. The primary mode is the mode stated by the most sources (HPO, Orphanet); ties go to the mode stated by the most source ' +
  'rows, then to this precedence (the InheritanceTerm order, Mendelian modes first): autosomal dominant, autosomal recessive, X-linked dominant, ' +
  'X-linked recessive, X-linked, Y-linked, mitochondrial, ' +
  "semidominant, digenic, oligogenic, multifactorial, somatic, sporadic; but among modes still tied after rows, when the record's subtypes " +
  'have one of them as their primary mode, that mode wins, and when they have different ones, no mode is primary and the record says how ' +
  'many subtypes have each, with no tie-break (osteogenesis imperfecta: autosomal dominant, autosomal recessive and X-linked recessive in ' +
  'Orphanet; autosomal recessive in 27 subtypes, autosomal dominant in 12, X-linked recessive in 2). A mode stated by one source while another source states other modes is kept in the ' +
  'list and also listed in `conflicts` ("stated by HPO only"). With no mode, `primary` is null.';

const SOURCE_NAME = { hpo: 'HPO', orphanet: 'Orphanet' } as const;

const score = (v: VocabValue<InheritanceTerm>) => new Set(v.sources.map((s) => s.source)).size;
/** Most sources first, then most rows, then MODE_PRECEDENCE. */
const bySupport = (a: VocabValue<InheritanceTerm>, b: VocabValue<InheritanceTerm>) =>
  score(b) - score(a) || b.sources.length - a.sources.length || MODE_PRECEDENCE.indexOf(a.term) - MODE_PRECEDENCE.indexOf(b.term);

/** The modes tied at the top by sources and rows (more than one when the precedence had to decide). */
export function tiedModes(values: VocabValue<InheritanceTerm>[]): InheritanceTerm[] {
  const modes = values.filter((v) => MODE_PRECEDENCE.includes(v.term)).sort(bySupport);
  if (modes.length < 2) return modes.map((m) => m.term);
  return modes.filter((m) => score(m) === score(modes[0]) && m.sources.length === modes[0].sources.length).map((m) => m.term);
}

/** Consolidate the per-source inheritance values of a record by INHERITANCE_RULE. */
export function consolidateInheritance(values: VocabValue<InheritanceTerm>[]): {
  inheritance: VocabValue<InheritanceTerm>[];
  summary: InheritanceSummary;
} {
  const modes = values.filter((v) => MODE_PRECEDENCE.includes(v.term));
  const conflicts: InheritanceSummary['conflicts'] = [];
  let list = values;
  if (modes.length > 0) {
    list = modes;
    const named = modes.map((m) => m.label.toLowerCase());
    for (const v of values) {
      if (MODE_PRECEDENCE.includes(v.term)) continue;
      const who = [...new Set(v.sources.map((s) => SOURCE_NAME[s.source]))].join(' and ');
      conflicts.push({
        term: v.term,
        label: v.label,
        sources: v.sources,
        reason: `${who} ${v.term === 'not-applicable' ? 'records "not applicable" (not a genetic disease)' : 'records the mode as unknown'}, while the sources give ${named.join(', ')}`,
      });
    }
  } else if (values.some((v) => v.term === 'not-applicable')) {
    list = values.filter((v) => v.term === 'not-applicable');
    for (const v of values.filter((x) => x.term !== 'not-applicable'))
      conflicts.push({ term: v.term, label: v.label, sources: v.sources, reason: 'unknown beside "not applicable"' });
  }
  const sourcesStating = new Set(modes.flatMap((m) => m.sources.map((s) => s.source)));
  if (sourcesStating.size > 1) {
    for (const m of modes) {
      const own = new Set(m.sources.map((s) => s.source));
      if (own.size < sourcesStating.size)
        conflicts.push({
          term: m.term,
          label: m.label,
          sources: m.sources,
          reason: `stated by ${[...own].map((s) => SOURCE_NAME[s]).join(' and ')} only`,
        });
    }
  }
  const best = [...modes].sort(bySupport)[0];
  const basis = best
    ? `${best.label}: stated by ${[...new Set(best.sources.map((s) => SOURCE_NAME[s.source]))].join(' and ')}${
        modes.length > 1 ? `; ${modes.length} modes in all, chosen by the number of sources, then rows, then precedence` : ''
      }`
    : list.some((v) => v.term === 'not-applicable')
      ? 'no mode of inheritance: the sources record it as not applicable (not a genetic disease)'
      : list.length > 0
        ? 'no mode of inheritance: the sources record it as unknown'
        : 'no mode of inheritance is recorded by HPO or Orphanet';
  return {
    inheritance: list,
    summary: { primary: best?.term ?? null, primaryLabel: best?.label ?? null, basis, conflicts },
  };
}

/** A mode as prose says it: lower case, "X-linked" as written. */
const modeWords = (label: string) => (/^[XY]-/.test(label) ? label : label.toLowerCase());

/** "autosomal recessive in 27 subtypes, autosomal dominant in 12": each mode with its number of subtypes, most first. */
export function subtypesPerMode(modes: Rollup['inheritance']): string {
  return modes
    .map((m, i) => `${modeWords(m.label)} in ${m.subtypeCount}${i === 0 ? (m.subtypeCount === 1 ? ' subtype' : ' subtypes') : ''}`)
    .join(', ');
}

/**
 * The overview's sentence for a record with no primary mode whose subtypes have different primary modes (INHERITANCE_RULE), with
 * the modes its own sources record; null otherwise.
 */
export function subtypeInheritanceSentence(f: {
  inheritance: VocabValue<InheritanceTerm>[];
  inheritanceSummary: InheritanceSummary;
  rollup: Pick<Rollup, 'inheritance'>;
}): string | null {
  const modes = f.rollup.inheritance;
  if (f.inheritanceSummary.primary !== null || modes.length < 2) return null;
  const own = f.inheritance.filter((v) => MODE_PRECEDENCE.includes(v.term));
  const sources = [...new Set(own.flatMap((v) => v.sources.map((s) => SOURCE_NAME[s.source])))];
  const recorded =
    own.length > 0
      ? ` (${sources.join(' and ')} ${sources.length > 1 ? 'record' : 'records'} ${listAnd(own.map((v) => modeWords(v.label)))} for it)`
      : '';
  return `Its subtypes differ in how they are inherited: ${subtypesPerMode(modes)}${recorded}.`;
}

const listAnd = (xs: string[]) => (xs.length < 2 ? xs.join('') : `${xs.slice(0, -1).join(', ')} and ${xs[xs.length - 1]}`);

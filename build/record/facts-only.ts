import type { Section, SectionKey } from './record-types.ts';
import type { RecordFacts } from './record-facts.ts';
import { LIST_LIMIT } from './prose/section-format.ts';
import { SECTION_BASIS, SECTION_TITLES } from './sections.ts';

/**
 * QC tier 2 fallback: one short line per field value, "Field: value", with no counting, rounding
 * or rewording, so every token is a fact verbatim and the text always passes the fact checker.
 */

/** At most LIST_LIMIT lines per field; a fixed note (no number) says that the record holds more. */
function capped<T>(items: T[], line: (item: T) => string, more: string): string[] {
  const out = items.slice(0, LIST_LIMIT).map(line);
  if (items.length > LIST_LIMIT) out.push(more);
  return out;
}

const LINES: Record<SectionKey, (f: RecordFacts) => string[]> = {
  overview: (f) => [
    `Name: ${f.name}`,
    `Identifier: ${f.id}`,
    `Rare disease subset: ${f.isRare ? 'yes' : 'no'}`,
    f.definition ? `Definition (${f.definition.source}, ${f.definition.sourceId}): "${f.definition.text}"` : 'Definition: none recorded',
    ...capped(f.synonyms, (s) => `Synonym: ${s.text}`, 'More synonyms are listed in the synonyms field.'),
    ...capped(f.parents, (p) => `Parent: ${p.name} (${p.id})`, 'More parents are listed in the parents field.'),
    ...capped(f.children, (c) => `Child: ${c.name} (${c.id})`, 'More children are listed in the children field.'),
  ],
  'clinical-features': (f) => [
    ...(f.phenotypes.length === 0 ? ['Phenotypes: none recorded'] : []),
    ...capped(
      f.phenotypes,
      (p) =>
        `${p.negated ? 'Absent phenotype' : 'Phenotype'}: ${p.label} (${p.hpoId})${
          p.frequency ? `, frequency ${p.frequency.label ?? p.frequency.raw}` : ''
        }`,
      'More phenotypes are listed in the phenotypes field.',
    ),
    ...(f.onset.length === 0 ? ['Onset: none recorded'] : f.onset.map((o) => `Onset: ${o.label}`)),
  ],
  genetics: (f) => [
    ...(f.inheritance.length === 0 ? ['Inheritance: none recorded'] : f.inheritance.map((v) => `Inheritance: ${v.label}`)),
    ...(f.genes.length === 0 ? ['Genes: none recorded'] : []),
    ...capped(f.genes, (g) => `Gene: ${g.symbol} (${g.association})`, 'More genes are listed in the genes field.'),
  ],
  epidemiology: (f) => [
    `Prevalence category: ${f.prevalenceCategory}`,
    ...(f.prevalence.length === 0 ? ['Prevalence: none recorded'] : []),
    ...capped(
      f.prevalence,
      (p) => `Prevalence: ${p.type}, ${p.class ?? 'class not given'}, ${p.geography}`,
      'More estimates are listed in the prevalence field.',
    ),
  ],
  'screening-and-diagnosis': (f) => {
    const s = f.screening;
    return [
      `RUSP status: ${s.status}`,
      ...(s.condition ? [`RUSP condition: ${s.condition}${s.acronym ? ` (${s.acronym})` : ''}`] : []),
      ...(s.category ? [`RUSP category: ${s.category}`] : []),
      ...(s.addedYear !== null ? [`RUSP year added: ${s.addedYear}`] : []),
    ];
  },
  treatment: (f) =>
    f.orphanDrugs.length === 0
      ? ['Orphan drugs: none recorded']
      : capped(
          f.orphanDrugs,
          (d) =>
            [
              `Orphan drug: ${d.genericName}${d.tradeName ? ` (${d.tradeName})` : ''}`,
              d.dateDesignated ? `designated ${d.dateDesignated}` : '',
              d.marketingApprovalDate ? `approved ${d.marketingApprovalDate}` : '',
              d.dateWithdrawn ? `withdrawn or revoked ${d.dateWithdrawn}` : '',
              `status ${d.status}`,
            ]
              .filter(Boolean)
              .join(', '),
          'More designations are listed in the orphanDrugs field.',
        ),
  research: (f) => [
    f.trials.notice,
    `Studies in sample: ${f.trials.total}; active: ${f.trials.active}`,
    ...capped(f.trials.items, (t) => `Study: ${t.nctId} (${t.status}): ${t.title}`, 'More studies are listed in the trials field.'),
  ],
  support: (f) => [
    ...(f.advocacyGroups.items.length === 0 ? ['Patient advocacy groups: none in this snapshot'] : []),
    ...capped(f.advocacyGroups.items, (g) => `Patient advocacy group: ${g.name}`, 'More groups are listed in the advocacyGroups field.'),
    ...(f.assistancePrograms.items.length === 0 ? ['Patient assistance programs: none in this snapshot'] : []),
    ...capped(
      f.assistancePrograms.items,
      (a) => `Patient assistance program: ${a.name}`,
      'More programs are listed in the assistancePrograms field.',
    ),
    ...(f.resources.medlinePlus ? [`MedlinePlus: ${f.resources.medlinePlus}`] : []),
    ...(f.resources.geneReviews ? [`GeneReviews: ${f.resources.geneReviews}`] : []),
    ...(f.resources.nordReportId ? [`NORD report: ${f.resources.nordReportId}`] : []),
  ],
};

/**
 * A minimal 'facts-only' section: one line per field value (paragraph per line), used when the
 * template text of a section fails the fact checker.
 */
export function composeFactsOnly(key: SectionKey, facts: RecordFacts): Section {
  return { key, title: SECTION_TITLES[key], paragraphs: LINES[key](facts), generation: 'facts-only', basedOn: [...SECTION_BASIS[key]] };
}

import type { Section, SectionKey } from './record-types.ts';
import type { RecordFacts } from './record-facts.ts';
import { clinicalFeaturesText, epidemiologyText, geneticsText } from './sections-about.ts';
import { researchText, screeningText, supportText, treatmentText } from './sections-care.ts';
import { overviewSentences } from './prose/sections-overview.ts';

export type { RecordFacts } from './record-facts.ts';
import { SECTION_KEYS } from '../../server/contract/api/vocab.ts';

/** Human-readable section titles. */
export const SECTION_TITLES: Record<SectionKey, string> = {
  overview: 'Overview',
  'clinical-features': 'Clinical features',
  genetics: 'Genetics',
  epidemiology: 'Epidemiology',
  'screening-and-diagnosis': 'Screening and diagnosis',
  treatment: 'Treatment and management',
  research: 'Research',
  support: 'Support',
};

/** The record fields each section is composed from (its `basedOn`): the fact checker holds the text against exactly these. */
export const SECTION_BASIS: Record<SectionKey, string[]> = {
  overview: [
    'name',
    'id',
    'isRare',
    'definition',
    'synonyms',
    'parents',
    'children',
    'inheritance',
    'inheritanceSummary',
    'genes',
    'onset',
    'phenotypes',
    'prevalence',
    'screening',
    'orphanDrugs',
    'resources',
    'rollup',
    'computed.hallmarks',
    'computed.namedClasses',
  ],
  'clinical-features': ['phenotypes', 'onset'],
  genetics: ['inheritance', 'inheritanceSummary', 'genes', 'rollup'],
  epidemiology: ['prevalenceCategory', 'prevalence'],
  'screening-and-diagnosis': ['screening', 'genes', 'phenotypes', 'xrefs', 'rollup'],
  treatment: ['orphanDrugs', 'rollup'],
  research: ['trials'],
  support: ['advocacyGroups', 'assistancePrograms', 'resources'],
};

/** The template of every section but the overview, which keeps its sentences (overviewSentences). */
const TEMPLATES: Record<Exclude<SectionKey, 'overview'>, (facts: RecordFacts) => string[]> = {
  'clinical-features': clinicalFeaturesText,
  genetics: geneticsText,
  epidemiology: epidemiologyText,
  'screening-and-diagnosis': screeningText,
  treatment: treatmentText,
  research: researchText,
  support: supportText,
};

/** Compose one section from its template; the overview keeps its sentences, each with its own basedOn. */
export function composeSection(key: SectionKey, facts: RecordFacts): Section {
  if (key === 'overview') {
    const paragraphs = overviewSentences(facts);
    return {
      key,
      title: SECTION_TITLES[key],
      paragraphs: paragraphs.map((p) => p.map((s) => s.text).join(' ')),
      generation: 'template',
      basedOn: [...SECTION_BASIS[key]],
      sentences: paragraphs.flat(),
    };
  }
  return { key, title: SECTION_TITLES[key], paragraphs: TEMPLATES[key](facts), generation: 'template', basedOn: [...SECTION_BASIS[key]] };
}

/**
 * Compose the eight content sections as plain-text paragraphs from the facts only. Pure and
 * deterministic: the same facts give the same text, and no value is stated that the facts lack.
 */
export function composeSections(facts: RecordFacts): Record<SectionKey, Section> {
  const out = {} as Record<SectionKey, Section>;
  for (const key of SECTION_KEYS) out[key] = composeSection(key, facts);
  return out;
}

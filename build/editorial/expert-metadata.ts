import { SECTION_KEYS, type SectionKey } from '../../server/contract/api/vocab.ts';
import type { RecordMetadata, Section } from '../record/record-types.ts';
import { type ExpertContent, ERRATUM_FIELD } from './expert-types.ts';

/**
 * `metadata.editorial`: which fields hold or use expert content (the `expert` member, the hallmarks
 * it leads, the fields an erratum changed) and which sections include it, with when the file was
 * curated and last reviewed.
 */
export function editorialMetadata(expert: ExpertContent, sections: Record<SectionKey, Section>): NonNullable<RecordMetadata['editorial']> {
  const suppressed = [...new Set(expert.errata.map((e) => ERRATUM_FIELD[e.kind]))];
  const hallmarks = expert.definingFeatures.length > 0 ? ['computed.hallmarks'] : [];
  return {
    fields: ['expert', ...hallmarks, ...suppressed],
    sections: SECTION_KEYS.filter((k) => sections[k].basedOn.includes('expert')),
    curatedOn: expert.curated.on,
    reviewedOn: expert.reviewed?.on ?? null,
  };
}

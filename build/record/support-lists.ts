import type { EditorialData } from '../ingest/editorial.ts';
import type { NordReport } from '../ingest/source-types.ts';
import type { RecordFacts } from './record-facts.ts';

/**
 * A record's advocacy groups and assistance programs: NORD where it has a report on the disease,
 * then what we curate in content/. No open directory of either was obtainable, so each list says
 * per source whether it is present.
 */

const NORD_NAME = 'National Organization for Rare Disorders (NORD)';

/** NORD where it has a report on the disease, then the organisations we curate. */
export function advocacyGroups(
  nord: NordReport | undefined,
  editorial: EditorialData,
  id: string,
  nordRelease: string,
): RecordFacts['advocacyGroups'] {
  const nordItem = nord?.reportId
    ? [
        {
          name: NORD_NAME,
          url: 'https://rarediseases.org/',
          kind: 'umbrella-organization',
          reportId: nord.reportId,
          provenance: { source: 'nord' as const, release: nordRelease },
        },
      ]
    : [];
  return {
    items: [...nordItem, ...(editorial.advocacy.get(id) ?? [])],
    sources: [
      {
        source: 'nord',
        release: nordRelease,
        status: 'present',
        note: 'NORD rare-disease report references from the Mondo ingest (nord.robot.tsv); NORD is listed where it has a report on this disease.',
      },
      {
        source: 'editorial',
        release: null,
        status: editorial.advocacyFiles > 0 ? 'present' : 'absent',
        note: 'No open directory of patient advocacy organisations was obtainable; organisations curated by the service are listed when present.',
      },
    ],
  };
}

/** The assistance programs we curate (no open source of them exists). */
export function assistancePrograms(editorial: EditorialData, id: string): RecordFacts['assistancePrograms'] {
  return {
    items: editorial.assistance.get(id) ?? [],
    sources: [
      {
        source: 'editorial',
        release: null,
        status: editorial.assistanceFiles > 0 ? 'present' : 'absent',
        note: 'No open source of patient assistance programs was obtainable; programs curated by the service are listed when present.',
      },
    ],
  };
}

import { neutral } from './relation-words.ts';
import { EPISODE_WORDS } from './relation-scope.ts';
import { nameWords } from './synonyms.ts';

/**
 * The drug-link checks of issue 38 for the content audit (content-audit.ts), on served bodies of any
 * version: labels a reader found misleading.
 */

// biome-ignore lint/suspicious/noExplicitAny: a served body of any API version
type Body = any;

export interface LinkRow {
  /** Entries shown as part of the disease (`broader`) whose deciding words restrict nothing: an age from which on, its episodes, its own words. */
  broaderOnNothing: number;
  /** Entries shown as the whole disease although every link is through a synonym the record itself sorts as narrower. */
  narrowSynonymExact: number;
  /** Entries shown as a condition in its patients whose condition is only its own attacks, episodes, bleeds or symptoms. */
  complicationOwnEpisodes: number;
  /** Approved entries the overview names as approved for the disease itself although no approved indication names it. */
  approvedNotCovering: number;
}

/** Words of a lower age bound ("2 years of age and older"), which restrict nothing. */
const AGE_FROM = /\b\d+ (?:years?|months?)(?: of age)? (?:and|or) (?:older|over|above)\b/gi;
const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

export function linkRow(r: Body, overview: string): LinkRow {
  const own = new Set([r.name, ...r.synonyms.filter((s: Body) => s.kind !== 'related').map((s: Body) => s.text)].flatMap(words));
  const narrow = new Set(
    r.synonyms.filter((s: Body) => s.kind === 'related' && s.relation === 'narrower').map((s: Body) => nameWords(s.text)),
  );
  const approvedForIt = /Approved orphan drugs for it[^.]*\./.exec(overview)?.[0] ?? '';
  const row: LinkRow = { broaderOnNothing: 0, narrowSynonymExact: 0, complicationOwnEpisodes: 0, approvedNotCovering: 0 };
  for (const d of r.orphanDrugs) {
    const links: Body[] = d.links ?? [d.link];
    const deciding = links.find((l) => l.relation === d.relation);
    if (d.relation === 'broader' && deciding) {
      const left = words(String(deciding.decidedBy).replace(AGE_FROM, ' ')).filter(
        (w) => !neutral(w) && !EPISODE_WORDS.has(w) && !own.has(w) && !/^(?:\d+|[ivx]+|types?)$/.test(w),
      );
      if (left.length === 0) row.broaderOnNothing++;
    }
    if (d.relation === 'exact' && links.every((l) => /synonym/.test(l.method) && narrow.has(nameWords(l.matchedText))))
      row.narrowSynonymExact++;
    if (d.relation === 'complication' && deciding) {
      const before = String(deciding.decidedBy).split(/\b(?:in|associated|with|due|secondary|of)\b/)[0];
      const condition = words(before).filter((w) => !neutral(w));
      if (condition.length > 0 && condition.every((w) => EPISODE_WORDS.has(w))) row.complicationOwnEpisodes++;
    }
    const named = approvedForIt.includes(d.tradeName ?? d.genericName);
    const indications = (d.approvals ?? []).filter((a: Body) => a.indication);
    if (d.status === 'approved' && named && indications.length > 0 && !links.some((l) => l.field === 'approvedIndication'))
      row.approvedNotCovering++;
  }
  return row;
}

import { neutral } from './relation-words.ts';
import { nameWords } from './synonyms.ts';
import { shownRelation } from './approval-cover.ts';
import { negatesName } from './designation-context.ts';

/**
 * The drug-link checks of issue 38 for the content audit (content-audit.ts), on served bodies of any
 * version: labels a reader found misleading.
 */

// biome-ignore lint/suspicious/noExplicitAny: a served body of any API version
type Body = any;

export interface LinkRow {
  /** Entries shown as part of the disease (`broader`) whose deciding words restrict nothing: an age from which on, its episodes, words of its label. */
  broaderOnNothing: number;
  /** Entries shown as the whole disease although every link is through a synonym the record itself sorts as narrower. */
  narrowSynonymExact: number;
  /** Entries shown as a condition in its patients whose condition is only its own attacks, episodes, bleeds or symptoms. */
  complicationOwnEpisodes: number;
  /**
   * Approved entries the overview names as approved for the disease itself although no approved indication names it (after
   * APPROVAL_COVER_RULE, those whose indications name no disease the linker knows: the designation's own cover applies).
   */
  approvedNotCovering: number;
  /** Designations a parent rolls down to the record although their text leaves it out ("excluding CLL" on B-cell CLL). */
  rolledDownExcluded: number;
}

/** The disease's own episodes: words that restrict nothing, and no condition of their own. */
const EPISODES = new Set(['attack', 'attacks', 'episode', 'episodes', 'bleeds']);
/** Words of a lower age bound ("2 years of age and older"), which restrict nothing. */
const AGE_FROM = /\b\d+ (?:years?|months?)(?: of age)? (?:and|or) (?:older|over|above)\b/gi;
const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

export function linkRow(r: Body, overview: string): LinkRow {
  const own = new Set(words(r.name));
  const narrow = new Set(
    r.synonyms.filter((s: Body) => s.kind === 'related' && s.relation === 'narrower').map((s: Body) => nameWords(s.text)),
  );
  const approvedForIt = /Approved orphan drugs for it[^.]*\./.exec(overview)?.[0] ?? '';
  const row: LinkRow = {
    broaderOnNothing: 0,
    narrowSynonymExact: 0,
    complicationOwnEpisodes: 0,
    approvedNotCovering: 0,
    rolledDownExcluded: 0,
  };
  const ownNames = [r.name, ...r.synonyms.filter((s: Body) => s.kind === 'name' || s.relation === 'broader').map((s: Body) => s.text)];
  for (const d of r.rollup?.parentOrphanDrugs ?? []) if (negatesName(d.designation, ownNames)) row.rolledDownExcluded++;
  for (const d of r.orphanDrugs) {
    const links: Body[] = d.links ?? [d.link];
    const deciding = links.find((l) => l.relation === d.relation);
    if (d.relation === 'broader' && deciding) {
      const left = words(String(deciding.decidedBy).replace(AGE_FROM, ' ')).filter(
        (w) => !neutral(w) && !EPISODES.has(w) && !own.has(w) && !/^(?:\d+|[ivx]+|types?)$/.test(w),
      );
      if (left.length === 0) row.broaderOnNothing++;
    }
    if (d.relation === 'exact' && links.every((l) => /synonym/.test(l.method) && narrow.has(nameWords(l.matchedText))))
      row.narrowSynonymExact++;
    if (d.relation === 'complication' && deciding) {
      const before = String(deciding.decidedBy).split(/\b(?:in|associated|with|due|secondary|of)\b/)[0];
      const condition = words(before).filter((w) => !neutral(w) && !/^(?:acute|recurrent|similar)$/.test(w));
      if (condition.length > 0 && condition.every((w) => EPISODES.has(w) || w === 'symptoms' || w === 'bleeding'))
        row.complicationOwnEpisodes++;
    }
    // Presented as approved for the disease itself by this entry: by its approvals' cover where the body has one (1.6.0), else its relation.
    const asWhole = d.approvalCovers === undefined ? d.relation === 'exact' : shownRelation(d) === 'exact';
    const named = asWhole && approvedForIt.includes(d.tradeName ?? d.genericName);
    const indications = (d.approvals ?? []).filter((a: Body) => a.indication);
    if (d.status === 'approved' && named && indications.length > 0 && !links.some((l) => l.field === 'approvedIndication'))
      row.approvedNotCovering++;
  }
  return row;
}

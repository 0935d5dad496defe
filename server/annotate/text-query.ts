import type { ConceptLexicon } from './loaded-lexicon.ts';
import { textTerms } from './annotate-response.ts';
import { recognise } from './recognise.ts';

/** How a term of the text was read for a match (MatchMeta `text.terms`). */
export interface ReadTerm {
  hpoId: string;
  label: string;
  /** observed and excluded go into the ranking; uncertain and family are left out. */
  read: 'observed' | 'excluded' | 'uncertain' | 'family';
  mentions: { start: number; end: number; text: string }[];
}

/**
 * A description read as a match query: its terms about the patient, affirmed (observed) or only
 * negated (excluded), and every term read with its mentions, so that the user can correct the
 * reading and send ids instead.
 */
export function textQuery(lexicon: ConceptLexicon, text: string): { observed: string[]; excluded: string[]; terms: ReadTerm[] } {
  const mentions = recognise(lexicon, text);
  const sorted = textTerms(lexicon, mentions);
  const readOf = new Map<string, ReadTerm['read']>();
  for (const id of sorted.present) readOf.set(id, 'observed');
  for (const id of sorted.excluded) readOf.set(id, 'excluded');
  for (const id of sorted.uncertain) readOf.set(id, 'uncertain');
  for (const id of sorted.family) readOf.set(id, 'family');
  const terms = new Map<string, ReadTerm>();
  for (const m of mentions) {
    const hpoId = lexicon.ids[m.term];
    const t =
      terms.get(hpoId) ?? terms.set(hpoId, { hpoId, label: lexicon.labels[m.term], read: readOf.get(hpoId)!, mentions: [] }).get(hpoId)!;
    t.mentions.push({ start: m.start, end: m.end, text: text.slice(m.start, m.end) });
  }
  return { observed: sorted.present, excluded: sorted.excluded, terms: [...terms.values()] };
}

import { phenotypePath } from '../contract/api/paths.ts';
import type { ConceptLexicon } from './loaded-lexicon.ts';
import { type Mention, RERANKER, recognise } from './recognise.ts';
import type { RerankerModel } from './reranker.ts';

/** The distinct terms of a text by what it says of the patient (AnnotateResponse `meta.terms`). */
export interface TextTerms {
  present: string[];
  excluded: string[];
  uncertain: string[];
  family: string[];
}

/**
 * Sort the terms of a text's mentions: about the patient and affirmed once is present (an
 * affirmation outweighs a negation elsewhere: "no seizures until age 3, then seizures"); about the
 * patient and only negated, excluded; only uncertain, uncertain; only about relatives, family.
 */
export function textTerms(lexicon: ConceptLexicon, mentions: readonly Mention[]): TextTerms {
  const state = new Map<number, number>();
  // Ranks, highest wins: present 3, excluded 2, uncertain 1, family 0.
  for (const m of mentions) {
    const rank = m.family ? 0 : m.negated ? 2 : m.uncertain ? 1 : 3;
    if ((state.get(m.term) ?? -1) < rank) state.set(m.term, rank);
  }
  const out: TextTerms = { present: [], excluded: [], uncertain: [], family: [] };
  const names = ['family', 'uncertain', 'excluded', 'present'] as const;
  for (const [term, rank] of state) out[names[rank]].push(lexicon.ids[term]);
  return out;
}

/** The body of /phenotypes/annotate for `text` (`model`: the re-ranker, the served one by default). */
export function annotateBody(lexicon: ConceptLexicon, text: string, model: RerankerModel = RERANKER) {
  const mentions = recognise(lexicon, text, model);
  const data = mentions.map((m) => ({
    start: m.start,
    end: m.end,
    text: text.slice(m.start, m.end),
    hpoId: lexicon.ids[m.term],
    label: lexicon.labels[m.term],
    negated: m.negated,
    uncertain: m.uncertain,
    experiencer: m.family ? 'family' : 'patient',
    matched: { via: m.via, text: m.matched },
    confidence: m.confidence,
    cues: m.cues.map(([kind, start, end]) => ({ kind, start, end, text: text.slice(start, end) })),
    links: { self: phenotypePath(lexicon.ids[m.term]) },
  }));
  return { data, meta: { hpoRelease: lexicon.hpoRelease, characters: text.length, terms: textTerms(lexicon, mentions) } };
}

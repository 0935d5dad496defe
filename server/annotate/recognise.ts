import { type CandidateContext, candidateFeatures } from './candidate-features.ts';
import { CandidateIndex } from './candidate-index.ts';
import { type Candidate, candidates, FOUND } from './candidates.ts';
import { cueReaches, findCues } from './context-cues.ts';
import type { ConceptLexicon } from './loaded-lexicon.ts';
import type { Mention } from './mention.ts';
import type { RerankerModel } from './reranker.ts';
import { treeScore } from './reranker.ts';
import MODEL from './reranker-model.json' with { type: 'json' };
import { type Token, tokenize } from './text-tokens.ts';
import { FEATURES } from './candidate-features.ts';
import { CONCEPT_WORDS_VERSION } from '../contract/text/concept-words.ts';
import type { Work } from '../loading/slices.ts';

/**
 * The concept recogniser: HPO terms named in a text, with what the sentence says of each
 * (negated, uncertain, about a relative).
 *
 * 1. Candidates (candidates.ts): every reading of the text by the lexicon's labels and synonyms,
 *    their words' equivalents, the training documents' mention strings, coordinations, the words
 *    of a term anywhere in a clause, and short forms; nested and overlapping ones all stay.
 * 2. Cues (context-cues.ts) mark each candidate negated, uncertain or about a relative.
 * 3. The re-ranker (reranker.ts, trained by test/train/) scores each candidate from its features
 *    (candidate-features.ts); those at or above the model's threshold are the mentions, one per
 *    term where several of one term overlap.
 */

/** The served model (test/train/ writes it; reranker-data-card.md says how it was made). */
export const RERANKER = MODEL as unknown as RerankerModel;

/** Other mentions in the same organ system an undefined HPO short form needs to be a candidate. */
export const SHORT_FORM_CONTEXT = 1;

export type { Mention };

const indexes = new WeakMap<ConceptLexicon, Map<RerankerModel, CandidateIndex>>();

/** The served model's candidate index of a lexicon made in slices, as a snapshot loads (else the first text would make it: a few hundred ms). */
export function* prepareCandidates(lexicon: ConceptLexicon): Work<void> {
  checkModel(RERANKER);
  const byModel = indexes.get(lexicon) ?? indexes.set(lexicon, new Map()).get(lexicon)!;
  if (!byModel.has(RERANKER)) byModel.set(RERANKER, yield* CandidateIndex.load(lexicon, RERANKER));
}

/** The candidate index of a lexicon and model, made on first use. */
export function candidateIndex(lexicon: ConceptLexicon, model: RerankerModel = RERANKER): CandidateIndex {
  const byModel = indexes.get(lexicon) ?? indexes.set(lexicon, new Map()).get(lexicon)!;
  let index = byModel.get(model);
  if (index === undefined) {
    checkModel(model);
    index = new CandidateIndex(lexicon, model);
    byModel.set(model, index);
  }
  return index;
}

function checkModel(model: RerankerModel): void {
  if (model.conceptWords !== CONCEPT_WORDS_VERSION || model.features.join(' ') !== FEATURES.join(' '))
    throw new Error('the re-ranker was trained with other word rules or features: train it again (npm run train:annotate)');
}

/** A document read as candidates: its tokens, candidates, their context and features (what training reads). */
export interface ReadText {
  tokens: Token[];
  found: Candidate[];
  context: (CandidateContext & { cues: Mention['cues'] })[];
  features: Float64Array[];
}

/** Read a text's candidates with their features. */
export function readCandidates(index: CandidateIndex, text: string): ReadText {
  const tokens = tokenize(text);
  const found = candidates(index, tokens, text, SHORT_FORM_CONTEXT);
  const context = readContext(tokens, found);
  return { tokens, found, context, features: candidateFeatures(index, tokens, text, found, context) };
}

/** Every mention of a lexicon term in `text` the re-ranker keeps, in text order (start, then longer first). */
export function recognise(lexicon: ConceptLexicon, text: string, model: RerankerModel = RERANKER): Mention[] {
  const index = candidateIndex(lexicon, model);
  const read = readCandidates(index, text);
  const kept: Mention[] = [];
  read.found.forEach((c, i) => {
    const score = treeScore(model, read.features[i]);
    if (score >= model.threshold) kept.push(mentionOf(index, c, read.context[i], score));
  });
  return dropRepeats(kept).sort((a, b) => a.start - b.start || b.end - a.end || a.term - b.term);
}

function mentionOf(index: CandidateIndex, c: Candidate, context: ReadText['context'][number], score: number): Mention {
  const short = (c.found & (FOUND.DEFINED_SHORT_FORM | FOUND.HPO_SHORT_FORM)) !== 0;
  return {
    start: c.start,
    end: c.end,
    term: c.term,
    via: c.entry >= 0 ? index.lexicon.kind(c.entry) : short ? 'abbreviation' : 'training',
    matched: c.matched,
    negated: context.negated,
    uncertain: context.uncertain,
    family: context.family,
    cues: context.cues,
    confidence: Math.round(1000 / (1 + Math.exp(-score))) / 1000,
    from: c.from,
    to: c.to,
    gap: c.tokens.length !== c.to - c.from,
  };
}

/** A mention overlapping a better one of the same term adds nothing: "short-limbed" read as "limbed short" too. */
function dropRepeats(mentions: Mention[]): Mention[] {
  const sorted = [...mentions].sort((a, b) => b.confidence - a.confidence || a.from - b.from);
  const taken = new Map<number, [number, number][]>();
  return sorted.filter((m) => {
    const spans = taken.get(m.term) ?? taken.set(m.term, []).get(m.term)!;
    if (spans.some(([from, to]) => from < m.to && m.from < to)) return false;
    spans.push([m.from, m.to]);
    return true;
  });
}

/** The cues that reach each candidate. Cue words inside a span candidate are part of the term ("absence of the radius"). */
function readContext(tokens: readonly Token[], found: readonly Candidate[]): ReadText['context'] {
  const inMention = new Uint8Array(tokens.length);
  for (const c of found) if (c.found & FOUND.SPAN) for (const k of c.tokens) inMention[k] = 1;
  const cues = findCues(tokens, inMention);
  return found.map((c) => {
    const out = { negated: false, uncertain: false, family: false, cues: [] as Mention['cues'] };
    for (const cue of cues) {
      if (!cueReaches(tokens, cue, c.from, c.to)) continue;
      if (cue.kind === 'negation') out.negated = true;
      else if (cue.kind === 'uncertainty') out.uncertain = true;
      else out.family = true;
      out.cues.push([cue.kind, tokens[cue.from].start, tokens[cue.to - 1].end]);
    }
    return out;
  });
}

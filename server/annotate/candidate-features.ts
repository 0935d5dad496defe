import type { CandidateIndex } from './candidate-index.ts';
import { type Candidate, FOUND } from './candidates.ts';
import type { Token } from './text-tokens.ts';

/**
 * The features the re-ranker reads of a candidate: how it was found and how closely it matches,
 * how rare its words are, the term's place in the ontology, the candidates around it (nesting,
 * overlap), what its sentence says (negation, uncertainty, a relative, a disease name), and what
 * the whole document says of the term (how often, how early). The order is the model file's.
 */
export const FEATURES = [
  'span',
  'equivalent',
  'bag',
  'coordination',
  'trained',
  'definedShortForm',
  'hpoShortForm',
  'entryKind',
  'trainedDocs',
  'trainedShare',
  'termSeen',
  'termShare',
  'words',
  'tokens',
  'sharedShare',
  'rarestWordKeys',
  'commonestWordKeys',
  'depth',
  'below',
  'ruleKept',
  'nestedIn',
  'nestedInSpan',
  'nestedInDescendant',
  'holdsShorter',
  'holdsAncestor',
  'sameWordsTerms',
  'overlaps',
  'negated',
  'uncertain',
  'family',
  'nameWordAfter',
  'capitalised',
  'docTermCandidates',
  'docTermSpans',
  'docFirst',
  'docChars',
  'position',
  'docHasDescendant',
  'docHasAncestor',
] as const;

export type FeatureName = (typeof FEATURES)[number];
const F = Object.fromEntries(FEATURES.map((f, i) => [f, i])) as Record<FeatureName, number>;

/** What a sentence says of a candidate (context-cues.ts), read before the features. */
export interface CandidateContext {
  negated: boolean;
  uncertain: boolean;
  family: boolean;
}

/** Words after a finding's words that make them part of a name ("Angelman syndrome", "NF2 gene"). */
const NAME_WORDS = new Set([
  'syndrome',
  'syndromes',
  'disease',
  'diseases',
  'gene',
  'genes',
  'protein',
  'proteins',
  'locus',
  'mutation',
  'mutations',
]);

const log1p = Math.log1p;

/** The feature vectors of a document's candidates (one Float64Array of FEATURES.length per candidate). */
export function candidateFeatures(
  index: CandidateIndex,
  tokens: readonly Token[],
  text: string,
  found: readonly Candidate[],
  context: readonly CandidateContext[],
): Float64Array[] {
  const n = found.length;
  const byTerm = new Map<number, number[]>();
  for (let i = 0; i < n; i++) (byTerm.get(found[i].term) ?? byTerm.set(found[i].term, []).get(found[i].term)!).push(i);
  // Terms found as spans, for the document's ancestors and descendants of a term.
  const spanTerms = [...new Set(found.filter((c) => c.found & FOUND.SPAN).map((c) => c.term))];
  const docLength = Math.max(text.length, 1);
  const byStart = found.map((_, i) => i).sort((a, b) => found[a].from - found[b].from);
  const place = new Int32Array(n);
  for (let p = 0; p < n; p++) place[byStart[p]] = p;
  let longest = 0;
  for (const c of found) longest = Math.max(longest, c.to - c.from);
  const docTerm = new Map<number, [number, number]>();
  const rows: Float64Array[] = [];
  for (let i = 0; i < n; i++) {
    const c = found[i];
    const x = new Float64Array(FEATURES.length);
    const bit = (b: number) => ((c.found & b) !== 0 ? 1 : 0);
    x[F.span] = bit(FOUND.SPAN);
    x[F.equivalent] = bit(FOUND.EQUIVALENT);
    x[F.bag] = bit(FOUND.BAG);
    x[F.coordination] = bit(FOUND.COORDINATION);
    x[F.trained] = bit(FOUND.TRAINED);
    x[F.definedShortForm] = bit(FOUND.DEFINED_SHORT_FORM);
    x[F.hpoShortForm] = bit(FOUND.HPO_SHORT_FORM);
    x[F.entryKind] = c.entry >= 0 ? index.lexicon.entryKind[c.entry] : 6;
    x[F.trainedDocs] = log1p(c.trained);
    // Smoothed shares: a string or term seen once says little.
    x[F.trainedShare] = c.trained > 0 ? (c.trained + 0.5) / (Math.max(c.seen, c.trained) + 1) : -1;
    x[F.termSeen] = log1p(index.termSeen[c.term]);
    x[F.termShare] = (index.termGold[c.term] + 0.3) / (index.termSeen[c.term] + 1);
    x[F.words] = c.tokens.length;
    x[F.tokens] = c.to - c.from;
    x[F.sharedShare] = c.shared / c.tokens.length;
    let rarest = Number.POSITIVE_INFINITY;
    let commonest = 0;
    for (const k of c.tokens) {
      const keys = index.keysWith.get(index.canon(tokens[k].concept)) ?? 0;
      if (keys < rarest) rarest = keys;
      if (keys > commonest) commonest = keys;
    }
    x[F.rarestWordKeys] = log1p(rarest === Number.POSITIVE_INFINITY ? 0 : rarest);
    x[F.commonestWordKeys] = log1p(commonest);
    x[F.depth] = index.depth[c.term];
    x[F.below] = log1p(index.below[c.term]);
    neighbours(index, tokens, found, byStart, place[i], longest, x);
    x[F.negated] = context[i].negated ? 1 : 0;
    x[F.uncertain] = context[i].uncertain ? 1 : 0;
    x[F.family] = context[i].family ? 1 : 0;
    x[F.nameWordAfter] = c.to < tokens.length && NAME_WORDS.has(tokens[c.to].word) ? 1 : 0;
    const first = tokens[c.from];
    const sentenceStart = c.from === 0 || tokens[c.from - 1].sentence !== first.sentence;
    x[F.capitalised] = !sentenceStart && /^\p{Lu}/u.test(text.slice(first.start, first.end)) ? 1 : 0;
    const same = byTerm.get(c.term)!;
    x[F.docTermCandidates] = log1p(same.length);
    x[F.docTermSpans] = log1p(same.filter((j) => found[j].found & FOUND.SPAN).length);
    x[F.docFirst] = Math.min(...same.map((j) => found[j].start)) / docLength;
    x[F.docChars] = Math.log(docLength);
    x[F.position] = c.start / docLength;
    let related = docTerm.get(c.term);
    if (related === undefined) {
      related = [0, 0];
      for (const t of spanTerms) {
        if (t === c.term) continue;
        if (index.isAncestor(c.term, t)) related[0] = 1;
        else if (index.isAncestor(t, c.term)) related[1] = 1;
      }
      docTerm.set(c.term, related);
    }
    [x[F.docHasDescendant], x[F.docHasAncestor]] = related;
    rows.push(x);
  }
  return rows;
}

/**
 * A reading issue 29's rules alone would give: a label or synonym's own words in a row (not a
 * broad or narrow synonym); one word only when written as the entry writes it, or as an adjective
 * in -ic ("hypotonic" for Hypotonia).
 */
function byRule(index: CandidateIndex, tokens: readonly Token[], c: Candidate): boolean {
  if ((c.found & FOUND.SPAN) === 0 || c.entry < 0 || index.lexicon.entryKind[c.entry] >= 4) return false;
  return c.tokens.length > 1 || c.shared > 0 || tokens[c.from].literal.endsWith('ic');
}

/**
 * Nesting and overlap with the other candidates: those that start at most `longest` tokens before
 * it (no candidate is longer) up to its end, read in start order from its place `p`.
 */
function neighbours(
  index: CandidateIndex,
  tokens: readonly Token[],
  found: readonly Candidate[],
  byStart: readonly number[],
  p: number,
  longest: number,
  x: Float64Array,
): void {
  const i = byStart[p];
  const c = found[i];
  const rule = byRule(index, tokens, c);
  x[F.ruleKept] = rule ? 1 : 0;
  let first = p;
  while (first > 0 && found[byStart[first - 1]].from >= c.from - longest) first--;
  for (let q = first; q < byStart.length; q++) {
    const j = byStart[q];
    const o = found[j];
    if (o.from >= c.to) break;
    if (j === i || o.to <= c.from) continue;
    const sameWords = o.from === c.from && o.to === c.to && o.tokens.length === c.tokens.length;
    if (sameWords) {
      x[F.sameWordsTerms]++;
      continue;
    }
    if (o.from <= c.from && o.to >= c.to) {
      x[F.nestedIn] = 1;
      if (o.found & FOUND.SPAN) x[F.nestedInSpan] = 1;
      // Longest match: the rules drop a reading inside a longer one.
      if (rule && byRule(index, tokens, o) && o.tokens.length > c.tokens.length) x[F.ruleKept] = 0;
      if (o.term !== c.term && index.isAncestor(c.term, o.term)) x[F.nestedInDescendant] = 1;
    } else if (c.from <= o.from && c.to >= o.to) {
      x[F.holdsShorter] = 1;
      if (o.term !== c.term && index.isAncestor(o.term, c.term)) x[F.holdsAncestor] = 1;
    } else x[F.overlaps]++;
  }
}

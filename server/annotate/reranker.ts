/**
 * The recogniser's re-ranker: small gradient-boosted trees over a candidate's features
 * (candidate-features.ts) that say how likely the candidate names a finding of the text, trained
 * here by test/train/ on the development corpora (see reranker-data-card.md). The file is ours, is
 * versioned with the code, and holds beside the trees what the candidates need from training: the
 * word equivalents mined from HPO's own labels and synonyms, and the mention strings of the
 * training documents.
 *
 * Trees are complete binary trees of one depth, stored breadth first: node i tests
 * `x[feature[i]] <= threshold[i]` and goes to 2i+1 when it holds, else to 2i+2; a node that does not
 * split has feature -1 and sends everything left. The leaves' values follow the 2^depth - 1 inner
 * nodes. The score is the sum of the leaves reached plus `bias`, a log odds.
 */
export interface RerankerTrees {
  depth: number;
  bias: number;
  /** Per tree, its inner nodes' features and thresholds, then its leaves' values. */
  trees: { feature: number[]; threshold: number[]; leaf: number[] }[];
}

export interface RerankerModel extends RerankerTrees {
  version: 1;
  /** CONCEPT_WORDS_VERSION of the rules the equivalents were mined with. */
  conceptWords: number;
  /** The feature names, in the order the code computes them (checked when loaded). */
  features: string[];
  /** A candidate is kept when its score (log odds) is at least this. */
  threshold: number;
  /** Concept words HPO uses for one another ("aplas" and "absent"): [word, its class's representative]. */
  equivalents: [string, string][];
  /** Mention strings of the training documents: [text, HPO id, documents that wrote it for the term, documents that hold its words in a row]. */
  mentions: [string, string, number, number][];
  /** Per term seen as a candidate in training: [HPO id, documents where it or a more specific term was also in the gold set, documents where it was a candidate]. */
  terms: [string, number, number][];
}

/** The log odds of one feature vector. */
export function treeScore(m: RerankerTrees, x: ArrayLike<number>): number {
  const inner = (1 << m.depth) - 1;
  let s = m.bias;
  for (const t of m.trees) {
    let i = 0;
    while (i < inner) {
      const f = t.feature[i];
      i = f < 0 || x[f] <= t.threshold[i] ? 2 * i + 1 : 2 * i + 2;
    }
    s += t.leaf[i - inner];
  }
  return s;
}

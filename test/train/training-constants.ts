import type { TrainOptions } from './annotate-cv.ts';
import { BOOST_DEFAULTS } from './gbdt.ts';

/** The re-ranker's training constants (train:annotate), and how a command line changes them. */

/** The training constants (the model file records them). */
export const TRAINING: TrainOptions & { minTerms: number; maxClass: number } = {
  boost: { ...BOOST_DEFAULTS, trees: 200 },
  weight: 'corpus',
  /** Word equivalents: the least number of terms that show a pair, and the largest class (mine-equivalents.ts). */
  minTerms: 2,
  maxClass: 3,
  drop: [],
  skip: [],
  corpusWeight: { JAX: 0.3 },
};

/** Training constants with `k=v` settings applied. */
export function withSettings(base: typeof TRAINING, settings: readonly string[]): typeof TRAINING {
  const o = { ...base, boost: { ...base.boost }, drop: [...base.drop], skip: [...base.skip], corpusWeight: { ...base.corpusWeight } };
  for (const s of settings) {
    const [k, v] = s.split('=');
    if (k in o.boost) (o.boost as unknown as Record<string, number>)[k] = Number(v);
    else if (k === 'weight') o.weight = v as TrainOptions['weight'];
    else if (k === 'minTerms' || k === 'maxClass') o[k] = Number(v);
    else if (k === 'drop') o.drop = v.split('+');
    else if (k === 'skip') o.skip = v.split('+');
    else if (k.startsWith('weight:')) o.corpusWeight[k.slice(7)] = Number(v);
    else throw new Error(`unknown training constant ${k}`);
  }
  return o;
}

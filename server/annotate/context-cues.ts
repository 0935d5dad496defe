import type { Token } from './text-tokens.ts';

/**
 * What a sentence says about a mention besides naming it, after NegEx and ConText (Chapman et al.
 * 2001, Harkema et al. 2009): cue phrases, each with a kind and a direction, whose scope runs from
 * the cue over the mentions after it (forward) or before it (backward) in the same sentence, up to
 * a word that starts another clause ("but", "however", "which", a new subject: "he", "the patient").
 *
 * - negation: "no seizures", "without ataxia", "seizures were not observed";
 * - uncertainty: "possible seizures", "may have ataxia", "ataxia cannot be excluded";
 * - family: about someone else than the patient: "his mother had seizures", "seizures in his sister".
 *
 * A cue inside a recognised mention is part of the term, not a cue: "absence of the radius" is a
 * finding (Absent radius), "absence of seizures" is a negation. Pseudo-cues ("not only", "no
 * further", "not all") are read first and cue nothing.
 */
export type CueKind = 'negation' | 'uncertainty' | 'family';

export interface Cue {
  kind: CueKind;
  forward: boolean;
  /** Token range of the cue. */
  from: number;
  to: number;
}

type CueDef = [kind: CueKind | 'pseudo', forward: boolean, phrase: string];

const FAMILY =
  'mother father sister brother sibling sib parent aunt uncle cousin grandmother grandfather grandparent niece nephew relative son daughter twin';
/** Cue phrases of one kind and direction, given as `|`-separated text. */
const cues = (kind: CueDef[0], forward: boolean, phrases: string): CueDef[] => phrases.split('|').map((p): CueDef => [kind, forward, p]);
const DEFS: CueDef[] = [
  ...cues(
    'pseudo',
    true,
    'not only|not all|no further|not necessarily|no change|no increase|no decrease|no doubt|not just|whether or not|no longer than|not to be|no significant difference',
  ),
  ...cues(
    'negation',
    true,
    'no|not|without|negative for|denies|denied|deny|free of|never|none|nor|neither|absence of|no evidence of|no sign of|no signs of|no history of|did not have|does not have|do not have|unremarkable for|ruled out|rules out|failed to show|failed to reveal|lack of|lacking|lacked|lacks',
  ),
  ...cues(
    'negation',
    false,
    'was absent|were absent|not observed|not seen|not found|not detected|not present|not noted|was ruled out|were ruled out|was excluded|were excluded|was negative|were negative|did not occur|not evident|not apparent',
  ),
  ...cues(
    'uncertainty',
    true,
    'possible|possibly|probable|probably|suspected|suspect|suspicion of|questionable|may|might|could|likely|suggestive of|suggesting|concern for|rule out|presumed|presumably|risk of|risk for|at risk|cannot exclude|can not exclude|if',
  ),
  ...cues(
    'uncertainty',
    false,
    'cannot be excluded|can not be excluded|could not be excluded|not excluded|was suspected|were suspected|is suspected|are suspected|is possible|was possible|is likely|was likely',
  ),
  ...cues(
    'family',
    true,
    [
      'family history of|family history|family member|family members|maternal|paternal',
      ...FAMILY.split(' ').flatMap((w) => [w, `${w}s`, `his ${w}`, `her ${w}`, `their ${w}`]),
    ].join('|'),
  ),
  ...cues(
    'family',
    false,
    FAMILY.split(' ')
      .flatMap((w) =>
        ['in his', 'in her', 'in their', 'in the', 'in a', 'in', 'by his', 'by her', 'of his', 'of her'].flatMap((pre) => [
          `${pre} ${w}`,
          `${pre} ${w}s`,
        ]),
      )
      .join('|'),
  ),
];

/** Cue phrases by first word, longest first. */
const BY_FIRST = new Map<string, { kind: CueKind | 'pseudo'; forward: boolean; words: string[] }[]>();
for (const [kind, forward, phrase] of DEFS) {
  const words = phrase.split(' ');
  const list = BY_FIRST.get(words[0]) ?? BY_FIRST.set(words[0], []).get(words[0])!;
  list.push({ kind, forward, words });
}
for (const list of BY_FIRST.values()) list.sort((a, b) => b.words.length - a.words.length);

/** Words that start another clause or name another subject: a cue's scope stops there. */
const STOPS = new Set(
  'but however although though except apart aside whereas while yet which who whom whose because since nevertheless still instead unlike he she they we patient patients proband probands'.split(
    ' ',
  ),
);

/** How far a cue reaches, in words: forward over a list of findings, backward over one finding. */
export const CUE_REACH = { forward: 10, backward: 6 };

/** The cues of a text's tokens, those inside a mention's tokens left out (`inMention[k]`: token k is part of a mention). */
export function findCues(tokens: readonly Token[], inMention: Uint8Array): Cue[] {
  const cues: Cue[] = [];
  for (let k = 0; k < tokens.length; k++) {
    const candidates = BY_FIRST.get(tokens[k].word);
    if (!candidates) continue;
    for (const c of candidates) {
      const to = k + c.words.length;
      if (to > tokens.length) continue;
      let ok = true;
      for (let i = 1; i < c.words.length && ok; i++)
        ok = tokens[k + i].word === c.words[i] && tokens[k + i].sentence === tokens[k].sentence;
      if (!ok) continue;
      let inside = false;
      for (let i = k; i < to && !inside; i++) inside = inMention[i] === 1;
      if (c.kind !== 'pseudo' && !inside) cues.push({ kind: c.kind, forward: c.forward, from: k, to });
      k = to - 1;
      break;
    }
  }
  return cues;
}

/** Whether a cue reaches a mention over tokens [from, to): same sentence, within reach, no clause stop between. */
export function cueReaches(tokens: readonly Token[], cue: Cue, from: number, to: number): boolean {
  const [gapStart, gapEnd] = cue.forward ? [cue.to, from] : [to, cue.from];
  if (gapStart > gapEnd) return false;
  if (gapEnd - gapStart > (cue.forward ? CUE_REACH.forward : CUE_REACH.backward)) return false;
  const sentence = tokens[cue.from].sentence;
  if (tokens[from].sentence !== sentence) return false;
  for (let k = gapStart; k < gapEnd; k++) if (STOPS.has(tokens[k].word)) return false;
  for (let k = gapStart; k <= gapEnd && k < tokens.length; k++) if (tokens[k].clauseBefore) return false;
  return true;
}

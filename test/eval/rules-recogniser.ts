import { shortFormMentions } from '../../server/annotate/abbreviations.ts';
import type { ConceptLexicon } from '../../server/annotate/loaded-lexicon.ts';
import { cueReaches, findCues } from '../../server/annotate/context-cues.ts';
import { type Mention, newMention, range } from '../../server/annotate/mention.ts';
import { coordinatedSpans } from '../../server/annotate/coordination.ts';
import { literalWords, type Token, tokenize } from '../../server/annotate/text-tokens.ts';

/**
 * Issue 29's concept recogniser, kept for eval:annotate to compare with (the served one is
 * server/annotate/recognise.ts): HPO terms named in a text, by their labels and synonyms (the concept
 * lexicon), with what the sentence says about each (negated, uncertain, about a relative).
 *
 * 1. Spans: every run of words, across joining words ("of the") but not across punctuation, whose
 *    content words' concept forms are exactly an entry's key (concept-words.ts: word order,
 *    inflection, spelling and adjective or noun form do not matter). A span within a longer one
 *    is dropped (longest match); spans that only overlap stay, as do two terms of one span.
 * 2. Short forms the text defines take the meaning of the term their long form names; HPO's own
 *    short forms count where the text's other findings support one meaning (abbreviations.ts).
 * 3. Cues (context-cues.ts) mark each mention negated, uncertain or about a relative.
 *
 * The constants were chosen by cross-validation over documents (npm run eval:annotate).
 */
export const RECOGNISER = {
  /** Entry kinds matched: the first n of ENTRY_KINDS (2: labels and exact synonyms; 3: and layperson's; 4: and related). */
  KINDS: 4,
  /** Drop a mention inside a longer one (longest match). */
  DROP_NESTED: true,
  /** Other mentions in the same organ system an undefined HPO short form needs (0: always counts). */
  ABBREVIATION_CONTEXT: 1,
  /** Joining words ("of the") one span may hold in a row. */
  MAX_JOINING: 3,
  /**
   * A one-word mention met only through stemming and endings (not in the entry's own words, plural
   * and spelling aside): 0 never, 1 when the word is an adjective in -ic ("hypotonic" for
   * Hypotonia, not "clones" for Clonus), 2 always.
   */
  SINGLE_WORD_FOLD: 1,
  /** Read coordinated findings ("palmar and plantar pits", "cleft lip and palate") as one mention each. */
  COORDINATION: true,
};

export type RecogniserParams = typeof RECOGNISER;
export type { Mention };

/** Every mention of a lexicon term in `text`, in text order (start, then longer first). */
export function recognise(lexicon: ConceptLexicon, text: string, p: RecogniserParams = RECOGNISER): Mention[] {
  const tokens = tokenize(text);
  let mentions = spanMentions(lexicon, tokens, p, text);
  if (p.DROP_NESTED) mentions = dropNested(mentions);
  mentions = dropRepeats(mentions);
  for (const s of shortFormMentions(lexicon, text, tokens, mentions, p.ABBREVIATION_CONTEXT))
    mentions.push(newMention({ ...s, via: 'abbreviation', gap: false }));
  mentions.sort((a, b) => a.start - b.start || b.end - a.end || a.term - b.term);
  markContext(tokens, mentions);
  return mentions;
}

function spanMentions(lexicon: ConceptLexicon, tokens: readonly Token[], p: RecogniserParams, text: string): Mention[] {
  const out: Mention[] = [];
  const words: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    if (!lexicon.words.has(tokens[i].concept)) continue;
    words.length = 0;
    let joining = 0;
    for (let j = i; j < tokens.length; j++) {
      const t = tokens[j];
      if (j > i && t.breakBefore) break;
      if (t.concept === '') {
        if (++joining > p.MAX_JOINING) break;
        continue;
      }
      if (!lexicon.words.has(t.concept) || words.length === lexicon.maxWords) break;
      joining = 0;
      words.push(t.concept);
      const entries = lexicon.byKey.get(words.length === 1 ? words[0] : [...words].sort().join(' '));
      if (entries) addEntries(lexicon, entries, tokens, range(i, j + 1), p, out);
    }
  }
  if (p.COORDINATION)
    for (const span of coordinatedSpans(tokens, spanWords(lexicon, tokens), text)) {
      const entries = lexicon.byKey.get(span.key);
      if (entries) addEntries(lexicon, entries, tokens, span.tokens, p, out);
    }
  return out;
}

/** The lexicon's concept words and keys, as coordinatedSpans() reads them. */
function spanWords(lexicon: ConceptLexicon, tokens: readonly Token[]) {
  return {
    word: (k: number) => tokens[k].concept,
    known: (w: string) => lexicon.words.has(w),
    hasKey: (key: string) => lexicon.byKey.has(key),
    maxWords: lexicon.maxWords,
  };
}

/**
 * The mention of one span (its token numbers, ascending; a coordinated span has a gap): the entry
 * of the best kind allowed, and among those the one that shares the most words with the text as
 * written (so "ventricular septal defect" is Ventricular septal defect, not Abnormal ventricular
 * septum morphology), then the lowest term number.
 */
function addEntries(
  lexicon: ConceptLexicon,
  entries: number[],
  tokens: readonly Token[],
  span: number[],
  p: RecogniserParams,
  out: Mention[],
): void {
  const written = span.map((k) => tokens[k].literal).filter((w) => w !== '');
  let best = -1;
  let bestShared = -1;
  for (const e of entries) {
    if (lexicon.entryKind[e] >= p.KINDS) continue;
    if (best >= 0 && lexicon.entryKind[e] > lexicon.entryKind[best]) continue;
    const own = literalWords(lexicon.entryText[e]);
    const shared = written.filter((w) => own.has(w)).length;
    if (written.length === 1 && shared === 0 && !(p.SINGLE_WORD_FOLD === 2 || (p.SINGLE_WORD_FOLD === 1 && written[0].endsWith('ic'))))
      continue;
    const better =
      best < 0 ||
      lexicon.entryKind[e] < lexicon.entryKind[best] ||
      shared > bestShared ||
      (shared === bestShared && lexicon.entryTerm[e] < lexicon.entryTerm[best]);
    if (better) [best, bestShared] = [e, shared];
  }
  if (best < 0) return;
  const from = span[0];
  const to = span[span.length - 1] + 1;
  out.push(
    newMention({
      start: tokens[from].start,
      end: tokens[to - 1].end,
      term: lexicon.entryTerm[best],
      via: lexicon.kind(best),
      matched: lexicon.entryText[best],
      from,
      to,
      gap: to - from !== span.length,
    }),
  );
}

/** Mentions whose span lies within a longer mention's are dropped. */
function dropNested(mentions: Mention[]): Mention[] {
  const sorted = [...mentions].sort((a, b) => a.from - b.from || b.to - a.to);
  const kept: Mention[] = [];
  let reach = -1;
  let reachFrom = -1;
  for (const m of sorted) {
    // Within the furthest-reaching span started at or before it, and shorter: nested.
    if (m.to <= reach && !(m.from === reachFrom && m.to === reach)) continue;
    if (m.to > reach && !m.gap) [reach, reachFrom] = [m.to, m.from];
    kept.push(m);
  }
  return kept;
}

/** A mention overlapping an earlier (or longer) one of the same term adds nothing: "short-limbed" read as "limbed short" too. */
function dropRepeats(mentions: Mention[]): Mention[] {
  const sorted = [...mentions].sort((a, b) => a.from - b.from || b.to - a.to);
  const reach = new Map<number, number>();
  return sorted.filter((m) => {
    if ((reach.get(m.term) ?? -1) > m.from) return false;
    reach.set(m.term, Math.max(reach.get(m.term) ?? -1, m.to));
    return true;
  });
}

/** Mark each mention with the cues that reach it. */
function markContext(tokens: readonly Token[], mentions: Mention[]): void {
  const inMention = new Uint8Array(tokens.length);
  for (const m of mentions) inMention.fill(1, m.from, m.to);
  const cues = findCues(tokens, inMention);
  if (cues.length === 0) return;
  for (const m of mentions) {
    for (const c of cues) {
      if (!cueReaches(tokens, c, m.from, m.to)) continue;
      if (c.kind === 'negation') m.negated = true;
      else if (c.kind === 'uncertainty') m.uncertain = true;
      else m.family = true;
      m.cues.push([c.kind, tokens[c.from].start, tokens[c.to - 1].end]);
    }
  }
}

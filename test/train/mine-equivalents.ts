import type { ConceptLexicon } from '../../server/annotate/loaded-lexicon.ts';
import { conceptWord } from '../../server/contract/text/concept-words.ts';

/**
 * Word equivalents from HPO's own labels and synonyms: two texts of one term whose keys differ in
 * one word only ("Aplasia of the thumb" and "Absent thumb", "Hypoplastic nose" and "Small nose")
 * say that those two words stand for one another. A pair counts when at least `minTerms` terms
 * show it; pairs join into classes (the most supported first), a class holding at most `maxClass`
 * words, so that a chain of loose pairs does not make one class of everything.
 */
export function mineEquivalents(lexicon: ConceptLexicon, minTerms: number, maxClass: number): [string, string][] {
  const byTerm = new Map<number, string[][]>();
  for (let e = 0; e < lexicon.entryTerm.length; e++) {
    const t = lexicon.entryTerm[e];
    (byTerm.get(t) ?? byTerm.set(t, []).get(t)!).push(lexicon.entryKeyWords(e));
  }
  const support = new Map<string, number>();
  for (const keys of byTerm.values()) {
    const pairs = new Set<string>();
    for (let i = 0; i < keys.length; i++)
      for (let j = i + 1; j < keys.length; j++) {
        const pair = oneWordApart(keys[i], keys[j]);
        if (pair) pairs.add(pair);
      }
    for (const p of pairs) support.set(p, (support.get(p) ?? 0) + 1);
  }
  const parent = new Map<string, string>();
  const size = new Map<string, number>();
  const find = (w: string): string => {
    let r = w;
    while (parent.has(r) && parent.get(r) !== r) r = parent.get(r)!;
    return r;
  };
  const ranked = [...support].filter(([, n]) => n >= minTerms).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  for (const [pair] of ranked) {
    const [a, b] = pair.split(' ');
    const ra = find(a);
    const rb = find(b);
    if (ra === rb) continue;
    const sa = size.get(ra) ?? 1;
    const sb = size.get(rb) ?? 1;
    if (sa + sb > maxClass) continue;
    // The representative is the word with more support, so the larger class keeps its name.
    const [keep, join] = sa >= sb ? [ra, rb] : [rb, ra];
    parent.set(join, keep);
    parent.set(keep, keep);
    size.set(keep, sa + sb);
  }
  const out: [string, string][] = [];
  for (const w of parent.keys()) if (find(w) !== w) out.push([w, find(w)]);
  return out.sort((a, b) => (a[0] < b[0] ? -1 : 1));
}

/** "a b" when two keys (sorted words) differ in exactly one word each, else null. */
function oneWordApart(x: readonly string[], y: readonly string[]): string | null {
  if (x.length !== y.length || x.length < 2) return null;
  const onlyX = x.filter((w) => !y.includes(w));
  const onlyY = y.filter((w) => !x.includes(w));
  if (onlyX.length !== 1 || onlyY.length !== 1) return null;
  return onlyX[0] < onlyY[0] ? `${onlyX[0]} ${onlyY[0]}` : `${onlyY[0]} ${onlyX[0]}`;
}

/**
 * Words a text uses for "abnormality of" an organ that HPO's own texts do not ("involvement of the
 * palate", "cutaneous manifestations", "skin changes"): the "abnormality of X" readings. Each joins
 * the class of "abnormality" (concept-words.ts folds anomaly, malformation, defect into it) unless
 * HPO's texts already put it in another class.
 */
export const GENERIC_FINDING_WORDS = ['involvement', 'manifestations', 'findings', 'changes', 'characteristics', 'alterations'];

/** The mined pairs with GENERIC_FINDING_WORDS joined to the class of "abnormality". */
export function withGenericWords(pairs: [string, string][]): [string, string][] {
  const rep = new Map(pairs);
  const abnormal = rep.get('abnorm') ?? 'abnorm';
  const taken = new Set([...rep.keys(), ...rep.values()]);
  const extra = GENERIC_FINDING_WORDS.map((w) => conceptWord(w)).filter((w) => !taken.has(w));
  return [...pairs, ...extra.map((w): [string, string] => [w, abnormal])].sort((a, b) => (a[0] < b[0] ? -1 : 1));
}

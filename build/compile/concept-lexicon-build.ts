import type { HpoSynonym, HpoTerm } from '../ingest/source-types.ts';
import {
  ABBREVIATION_MAX_LENGTH,
  CONCEPT_LEXICON_VERSION,
  CONCEPT_ROOT,
  ENTRY_KINDS,
  type EntryKind,
  type SerializedConceptLexicon,
} from '../../server/contract/snapshot/concept-lexicon.ts';
import { CONCEPT_WORDS_VERSION, conceptKey, conceptWord } from '../../server/contract/text/concept-words.ts';
import { tokenize } from '../../server/contract/text/normalize.ts';

/** What the build says about the lexicon (counts for its summary line). */
export interface ConceptLexiconStats {
  terms: number;
  entries: number;
  abbreviations: number;
}

/** The entry kind of a synonym, or null when it is left out (an obsolete synonym) or is a short form. */
function kindOf(s: HpoSynonym): EntryKind | 'abbreviation' | null {
  if (s.type === 'obsolete_synonym') return null;
  // A short form is one word; a longer text marked as an abbreviation ("Abnormal EEG") is matched as any synonym.
  if ((s.type === 'abbreviation' && !/[\s]/.test(s.text)) || isShortForm(s.text)) return 'abbreviation';
  if (s.type === 'layperson' && s.scope === 'exact') return 'layperson';
  return s.scope;
}

/** One word of capitals and digits, at most ABBREVIATION_MAX_LENGTH long, with two capitals or more: "ASD", "VSD", "IUGR". */
function isShortForm(text: string): boolean {
  return text.length <= ABBREVIATION_MAX_LENGTH && /^[A-Z0-9]+$/.test(text) && /[A-Z].*[A-Z]/.test(text);
}

/** The key of a label or synonym (concept-lexicon.ts). */
export function keyOf(text: string): string {
  const words = tokenize(text);
  return conceptKey(words.map((w, i) => conceptWord(w, i > 0 ? words[i - 1] : undefined)));
}

/**
 * The concept lexicon (server/contract/snapshot/concept-lexicon.ts) of an HPO release: every
 * current term under Phenotypic abnormality with its label and synonyms, keyed; one entry per key
 * and term, from its best source; short forms apart.
 */
export function buildConceptLexicon(
  terms: Map<string, HpoTerm>,
  hpoRelease: string | null,
): {
  lexicon: SerializedConceptLexicon;
  stats: ConceptLexiconStats;
} {
  const current = [...terms.values()].filter((t) => !t.deprecated);
  const children = new Map<string, string[]>();
  for (const t of current) for (const p of t.parents) (children.get(p) ?? children.set(p, []).get(p)!).push(t.id);
  const branches = terms.get(CONCEPT_ROOT)?.deprecated === false ? [...(children.get(CONCEPT_ROOT) ?? [])].sort() : [];
  // Each term under the root with the first branch (in id order) that holds it.
  // A cut of HPO without the root (a test's) has an empty lexicon.
  const branchOf = new Map<string, number>(terms.get(CONCEPT_ROOT)?.deprecated === false ? [[CONCEPT_ROOT, -1]] : []);
  branches.forEach((b, i) => {
    const stack = [b];
    while (stack.length > 0) {
      const id = stack.pop()!;
      if (branchOf.has(id)) continue;
      branchOf.set(id, i);
      stack.push(...(children.get(id) ?? []));
    }
  });
  const ids = [...branchOf.keys()].sort();
  const number = new Map(ids.map((id, i) => [id, i]));
  const best = new Map<string, { key: string; term: number; kind: number; text: string }>();
  const short = new Map<string, Set<number>>();
  const add = (text: string, term: number, kind: EntryKind) => {
    const key = keyOf(text);
    if (key === '') return;
    const k = ENTRY_KINDS.indexOf(kind);
    const at = `${term} ${key}`;
    const prev = best.get(at);
    if (!prev || k < prev.kind) best.set(at, { key, term, kind: k, text });
  };
  for (const id of ids) {
    const t = terms.get(id)!;
    const n = number.get(id)!;
    add(t.label, n, 'label');
    for (const s of t.synonymKinds) {
      const kind = kindOf(s);
      if (kind === 'abbreviation') (short.get(s.text) ?? short.set(s.text, new Set()).get(s.text)!).add(n);
      else if (kind !== null) add(s.text, n, kind);
    }
  }
  const entries = [...best.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.term - b.term));
  const abbreviations = [...short.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([form, set]): [string, number[]] => [form, [...set].sort((a, b) => a - b)]);
  return {
    lexicon: {
      version: CONCEPT_LEXICON_VERSION,
      conceptWords: CONCEPT_WORDS_VERSION,
      hpoRelease,
      terms: ids,
      labels: ids.map((id) => terms.get(id)!.label),
      branch: ids.map((id) => branchOf.get(id)!),
      branches,
      parents: ids.map((id) =>
        terms
          .get(id)!
          .parents.flatMap((p) => (number.has(p) ? [number.get(p)!] : []))
          .sort((a, b) => a - b),
      ),
      entries: {
        key: entries.map((e) => e.key),
        term: entries.map((e) => e.term),
        kind: entries.map((e) => e.kind),
        text: entries.map((e) => e.text),
      },
      abbreviations,
    },
    stats: { terms: ids.length, entries: entries.length, abbreviations: abbreviations.length },
  };
}

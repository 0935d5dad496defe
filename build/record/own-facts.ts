import type { HpoTerm } from '../ingest/source-types.ts';
import type { SourceData } from '../ingest/source-data.ts';
import type { DiseaseSet } from './disease-set.ts';
import type { FactsIndex } from './exact-joins.ts';
import { comparable } from './hallmark-parts.ts';
import type { OwnFacts } from './relation-scope.ts';
import { termSpecificity } from './term-specificity.ts';

/**
 * What the relation rules (LINK_RELATION_RULE) may know of a linked disease from its own facts,
 * before its record is assembled: the words of its names, the type numbers of its subtypes, and the
 * manifestations its annotations and definition give it.
 */

/** Mondo's "hereditary disease": below it, words of heredity restrict nothing. */
const HEREDITARY_DISEASE = 'MONDO:0003847';
const HEREDITY_WORDS = ['congenital', 'hereditary', 'inherited', 'familial', 'genetic'];
/** Frequencies that say a feature is not what the disease usually shows: occasional, very rare, excluded. */
const RARE_FREQUENCY = /^(?:HP:004028[345]|Occasional|Very rare|Excluded)/;
/** A subtype number at the end of a label: "Gaucher disease type III", "mucopolysaccharidosis type 3A". */
const SUBTYPE_NUMBER = /(?:^|\s)(\d{1,2}|[IVX]{1,4})[A-Za-z]?$/;
const ROMAN: Record<string, string> = { I: '1', II: '2', III: '3', IV: '4', V: '5', VI: '6', VII: '7', VIII: '8', IX: '9', X: '10' };

/** The OwnFacts of every included class, computed on demand and kept. */
export function ownFactsLookup(data: SourceData, set: DiseaseSet, facts: FactsIndex): (id: string) => OwnFacts {
  const spec = termSpecificity(data.hpoTerms);
  const byPhrase = phraseIndex(data.hpoTerms);
  const named = (text: string): string[] => {
    const w = comparable(text).trim().split(' ');
    const out: string[] = [];
    for (let n = 1; n <= 6; n++) for (let i = 0; i + n <= w.length; i++) out.push(...(byPhrase.get(w.slice(i, i + n).join(' ')) ?? []));
    return out;
  };
  const memo = new Map<string, OwnFacts>();
  return (id) => {
    const hit = memo.get(id);
    if (hit) return hit;
    const names = [set.labels.get(id) ?? '', ...(data.mondoSynonyms.get(id) ?? []).map((s) => s.text)];
    const words = new Set(names.flatMap((n) => n.toLowerCase().split(/[^\p{L}\p{N}]+/u)).filter(Boolean));
    if (set.ancestors(id).includes(HEREDITARY_DISEASE)) for (const w of HEREDITY_WORDS) words.add(w);
    let terms: Set<string> | null = null;
    const ownTerms = () => {
      terms ??= manifestations(id, names, data, facts, named);
      return terms;
    };
    const own: OwnFacts = {
      ownWord: (w) => words.has(w),
      subtypeNumbers: subtypeNumbers(set, id),
      ownManifestation: (condition) => {
        // The whole condition, or its last words ("neuropathic pain" is a pain), names an HPO term.
        for (let i = 0; i < condition.length; i++)
          for (const t of byPhrase.get(comparable(condition.slice(i).join(' ')).trim()) ?? [])
            if ([...ownTerms()].some((s) => s === t || spec.ancestors(s).has(t))) return true;
        return false;
      },
    };
    memo.set(id, own);
    return own;
  };
}

/**
 * HPO terms by the comparable form of each label and synonym, and of a grouping label without its "Abnormal" or "Abnormality of"
 * ("Abnormal thrombosis" is found as "thrombosis").
 */
function phraseIndex(terms: ReadonlyMap<string, HpoTerm>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const t of terms.values()) {
    if (t.deprecated) continue;
    const bare = t.label.replace(/^Abnormal(?:ity of)?\s+(?:the\s+)?/i, '');
    for (const p of [t.label, ...t.synonyms, ...(bare !== t.label ? [bare] : [])]) {
      const key = comparable(p).trim();
      if (key.length < 3) continue;
      const list = out.get(key) ?? out.set(key, []).get(key)!;
      if (!list.includes(t.id)) list.push(t.id);
    }
  }
  return out;
}

/** The HPO terms the disease's names and definition name, and those its annotations give it more than occasionally. */
function manifestations(
  id: string,
  names: readonly string[],
  data: SourceData,
  facts: FactsIndex,
  named: (text: string) => string[],
): Set<string> {
  const out = new Set<string>();
  for (const a of facts.hpoa.get(id) ?? []) if (a.aspect === 'P' && !a.negated && !RARE_FREQUENCY.test(a.frequency ?? '')) out.add(a.hpoId);
  const orpha = facts.orphanet.get(id) ?? [];
  for (const d of orpha) for (const p of d.phenotypes) if (!RARE_FREQUENCY.test(p.frequency)) out.add(p.hpoId);
  const definitions = [data.definitions.get(id)?.text, ...orpha.map((d) => d.definition)].filter((t): t is string => !!t);
  for (const text of [...names, ...definitions]) for (const t of named(text)) out.add(t);
  return out;
}

/** The type numbers of a class's direct subtypes, in Arabic figures; undefined when fewer than two are numbered. */
function subtypeNumbers(set: DiseaseSet, id: string): ReadonlySet<string> | undefined {
  const numbers = new Set<string>();
  for (const c of set.children.get(id) ?? []) {
    const m = SUBTYPE_NUMBER.exec(set.labels.get(c) ?? '');
    if (m) numbers.add(ROMAN[m[1]] ?? m[1]);
  }
  return numbers.size >= 2 ? numbers : undefined;
}

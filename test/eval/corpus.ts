import { readText, splitLines } from '../../build/ingest/read-text.ts';

/**
 * The NCBI Disease Corpus in its PubTator form: per abstract a `pmid|t|title` and `pmid|a|text`
 * line, then one tab-separated line per annotated mention:
 * `pmid  start  end  mention text  type  concept(s)`. A concept is a MeSH id (`D005955`,
 * supplementary `C536528`) or `OMIM:312080`; composite mentions list several, separated by `|`
 * (either may be meant) or `+` (both are named).
 */

export const MENTION_TYPES = ['SpecificDisease', 'DiseaseClass', 'Modifier', 'CompositeMention'] as const;
export type MentionType = (typeof MENTION_TYPES)[number];

/** One annotated mention, as the corpus gives it. */
export interface Mention {
  pmid: string;
  text: string;
  type: MentionType;
  /** Concept CURIEs: `MESH:D005955`, `MESH:C536528`, `OMIM:312080`. */
  concepts: string[];
}

/** A distinct mention of a split: one text (case-insensitive) naming one concept set, with how often it occurs. */
export interface DistinctMention extends Mention {
  count: number;
}

const CONCEPT = /^(?:[DC]\d{6}|OMIM:\d{6})$/;

/** Parse a PubTator file (gzipped or not); errors name the file and line and the expected layout. */
export function readMentions(file: string): Mention[] {
  const out: Mention[] = [];
  splitLines(readText(file)).forEach((line, i) => {
    if (line === '' || /^\d+\|[ta]\|/.test(line)) return;
    const cells = line.split('\t');
    const where = `${file}: line ${i + 1}`;
    if (cells.length !== 6)
      throw new Error(`${where}: expected 6 tab-separated cells (pmid, start, end, text, type, concepts), got ${cells.length}`);
    const [pmid, , , text, type, ids] = cells;
    if (!(MENTION_TYPES as readonly string[]).includes(type))
      throw new Error(`${where}: unknown mention type "${type}" (expected ${MENTION_TYPES.join(', ')})`);
    const concepts = ids.split(/[|+]/).map((c) => c.trim());
    for (const c of concepts)
      if (!CONCEPT.test(c)) throw new Error(`${where}: malformed concept "${c}" (expected D123456, C123456 or OMIM:123456)`);
    out.push({
      pmid,
      text,
      type: type as MentionType,
      concepts: [...new Set(concepts.map((c) => (c.startsWith('OMIM:') ? c : `MESH:${c}`)))],
    });
  });
  return out;
}

/**
 * The distinct mentions: a text (compared case-insensitively) naming the same concepts is one
 * mention however often authors wrote it, so frequent phrasings do not dominate the figures.
 * The first spelling met is kept.
 */
export function distinctMentions(mentions: Mention[]): DistinctMention[] {
  const byKey = new Map<string, DistinctMention>();
  for (const m of mentions) {
    const key = `${m.text.toLowerCase()}\t${[...m.concepts].sort().join(' ')}`;
    const seen = byKey.get(key);
    if (seen) seen.count++;
    else byKey.set(key, { ...m, count: 1 });
  }
  return [...byKey.values()];
}

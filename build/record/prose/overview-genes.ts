import { NOT_GERMLINE, isGermlineCause, type RecordFacts } from '../record-facts.ts';
import type { GeneEntry } from '../record-types.ts';
import { joinAnd, listWithRest, sentence } from './section-format.ts';

/**
 * The overview's sentence on the genes, in the words of each source's relation: a germline cause
 * only where no source gives the gene as somatic or as part of a fusion gene; such a gene is said per
 * source (the fact check rejects it said as a cause, DEFINITION_CHECK_RULE).
 */

/** The kind of a source's gene relation, by the words of its raw relation; null for one the overview does not restate. */
function relationKind(raw: string): 'fusion' | 'somatic' | 'germline' | null {
  if (/fusion/i.test(raw)) return 'fusion';
  if (/somatic/i.test(raw)) return 'somatic';
  return /germline/i.test(raw) ? 'germline' : null;
}

/** How the overview states each kind of relation of a source: "Orphanet records CREB1 and EWSR1 as part of a fusion gene in it". */
const RELATION_WORDS: Record<'fusion' | 'somatic' | 'germline', (source: string, genes: string) => string> = {
  fusion: (source, genes) => `${source} records ${genes} as part of a fusion gene in it`,
  somatic: (source, genes) => `${source} records somatic variants in ${genes}`,
  germline: (source, genes) => `${source} records germline variants in ${genes}`,
};
const RELATION_SHORT = { fusion: 'part of a fusion gene', somatic: 'somatic variants', germline: 'germline variants' } as const;

const SOURCE_NAME: Record<GeneEntry['sources'][number]['source'], string> = { 'mondo-ingest': 'Mondo', orphanet: 'Orphanet', hpo: 'HPO' };

/** A gene's relation as each source states it, for a gene the sources disagree on: "Mondo: germline variants; Orphanet: part of a fusion gene". */
export function relationsBySource(g: GeneEntry): string {
  const parts = g.sources.flatMap((s) => {
    const kind = relationKind(s.raw);
    return kind ? [`${SOURCE_NAME[s.source]}: ${RELATION_SHORT[kind]}`] : [];
  });
  return parts.filter((p, i) => parts.indexOf(p) === i).join('; ');
}

/**
 * Genes a source relates by a somatic change or a fusion gene, with every source's relation for them
 * ("Orphanet records CREB1 and EWSR1 as part of a fusion gene in it; Mondo records germline variants
 * in CREB1"); null when no gene has such a relation.
 */
function notGermlineSentence(genes: readonly GeneEntry[]): string | null {
  const groups = new Map<string, { source: string; kind: keyof typeof RELATION_WORDS; symbols: string[] }>();
  for (const g of genes) {
    if (!g.sources.some((s) => NOT_GERMLINE.test(s.raw))) continue;
    for (const s of g.sources) {
      const kind = relationKind(s.raw);
      if (!kind) continue;
      const key = `${s.source} ${kind}`;
      const group = groups.get(key) ?? groups.set(key, { source: SOURCE_NAME[s.source], kind, symbols: [] }).get(key)!;
      if (!group.symbols.includes(g.symbol)) group.symbols.push(g.symbol);
    }
  }
  if (groups.size === 0) return null;
  const parts = [...groups.values()].sort((a, b) => (a.kind === 'germline' ? 1 : 0) - (b.kind === 'germline' ? 1 : 0));
  return sentence(parts.map((g) => RELATION_WORDS[g.kind](g.source, joinAnd(g.symbols))).join('; '));
}

/**
 * A sentence on the genes: germline causes first, else associated genes, else the subtypes' causal
 * genes; genes a source relates by a somatic change or a fusion are said per source. Null when none.
 */
export function genesSentence(f: RecordFacts): string | null {
  const causal = f.genes.filter(isGermlineCause).map((g) => g.symbol);
  const other = notGermlineSentence(f.genes);
  const said = new Set([...causal, ...f.genes.filter((g) => g.sources.some((s) => NOT_GERMLINE.test(s.raw))).map((g) => g.symbol)]);
  const rest = f.genes.filter((g) => !said.has(g.symbol)).map((g) => g.symbol);
  const parts: string[] = [];
  if (causal.length > 0)
    parts.push(`It is caused by germline variants in ${causal.length <= 3 ? joinAnd(causal) : listWithRest(causal, ', ')}`);
  if (other) parts.push(other.slice(0, -1));
  if (parts.length === 0 && rest.length > 0) parts.push(`Genes associated with it: ${listWithRest(rest, ', ')}`);
  if (parts.length > 0) return sentence(parts.join('. '));
  if (f.rollup.genes.length > 0)
    return sentence(
      `Its subtypes are caused by variants in ${listWithRest(
        f.rollup.genes.map((g) => g.symbol),
        ', ',
      )}`,
    );
  return null;
}

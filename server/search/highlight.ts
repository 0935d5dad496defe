import { HIT_PREFIX, type Alignment } from './match-slot.ts';
import { normalizeWithMap, wordsWithOffsets } from '../contract/normalize.ts';
import type { SearchHighlight } from './search-types.ts';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

function escapeHtml(s: string): string {
  return s.replace(/[&<>"]/g, (c) => ESCAPES[c]);
}

/** Wrap `spans` (sorted, disjoint) of `text` in <mark>, escaping everything else. */
export function markSpans(text: string, spans: [number, number][]): string {
  let out = '';
  let at = 0;
  for (const [s, e] of spans) {
    out += escapeHtml(text.slice(at, s)) + '<mark>' + escapeHtml(text.slice(s, e)) + '</mark>';
    at = e;
  }
  return out + escapeHtml(text.slice(at));
}

/**
 * Highlight the words of `text` that the query matched. `alignment` says which word each query
 * token met and how; a prefix hit marks only the typed part. Spans separated by white space only
 * merge, so a matched phrase reads as one mark.
 */
export function highlightText(field: SearchHighlight['field'], text: string, tokens: string[], alignment: Alignment): SearchHighlight {
  const mapped = normalizeWithMap(text);
  const words = wordsWithOffsets(mapped.text);
  const raw: [number, number][] = [];
  alignment.pos.forEach((p, i) => {
    const w = words[p];
    if (!w) return;
    const length = alignment.how[i] === HIT_PREFIX ? Math.min(tokens[i].length, w.word.length) : w.word.length;
    raw.push([mapped.starts[w.offset], mapped.ends[w.offset + length - 1]]);
  });
  raw.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const spans: [number, number][] = [];
  for (const span of raw) {
    const last = spans[spans.length - 1];
    if (last && (span[0] <= last[1] || /^\s+$/.test(text.slice(last[1], span[0])))) last[1] = Math.max(last[1], span[1]);
    else spans.push([span[0], span[1]]);
  }
  return { field, text: markSpans(text, spans), spans };
}

/** Highlight of a gene-symbol hit: the whole symbol. */
export function highlightGene(symbol: string): SearchHighlight {
  return { field: 'gene', text: markSpans(symbol, [[0, symbol.length]]), spans: [[0, symbol.length]] };
}

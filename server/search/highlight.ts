import { normalizeWithMap, wordsWithOffsets } from '../contract/text/normalize.ts';
import type { QueryPlan } from './query-plan.ts';
import { HOW, type Alignment } from './slot-align.ts';
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
    out += `${escapeHtml(text.slice(at, s))}<mark>${escapeHtml(text.slice(s, e))}</mark>`;
    at = e;
  }
  return out + escapeHtml(text.slice(at));
}

/**
 * Highlight every word of `text` that a query word met. `alignment` says which word each query
 * term met and how; a prefix hit marks only the typed part. Spans separated by white space only
 * merge, so a matched phrase reads as one mark. `all` marks every word (an exact text).
 */
export function highlightText(
  field: SearchHighlight['field'],
  text: string,
  plan: QueryPlan,
  alignment: Alignment,
  all = false,
): SearchHighlight {
  const mapped = normalizeWithMap(text);
  const words = wordsWithOffsets(mapped.text);
  const raw: [number, number][] = [];
  const mark = (w: { word: string; offset: number }, length: number) =>
    raw.push([mapped.starts[w.offset], mapped.ends[w.offset + length - 1]]);
  if (all) for (const w of words) mark(w, w.word.length);
  else {
    plan.terms.forEach((t, k) => {
      const w = words[alignment.pos[k]];
      if (!w) return;
      mark(w, alignment.how[k] === HOW.prefix ? Math.min(t.token.length, w.word.length) : w.word.length);
    });
  }
  raw.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const spans: [number, number][] = [];
  for (const span of raw) {
    const last = spans[spans.length - 1];
    if (last && (span[0] <= last[1] || /^\s+$/.test(text.slice(last[1], span[0])))) last[1] = Math.max(last[1], span[1]);
    else spans.push([span[0], span[1]]);
  }
  return { field, text: markSpans(text, spans), spans };
}

/** Highlight of a gene-symbol or identifier hit: the whole text. */
export function highlightWhole(field: 'gene' | 'id', text: string): SearchHighlight {
  return { field, text: markSpans(text, [[0, text.length]]), spans: [[0, text.length]] };
}

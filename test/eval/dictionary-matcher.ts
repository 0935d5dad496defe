import { normalize } from '../../server/contract/text/normalize.ts';
import type { HpoTerm } from '../../build/ingest/source-types.ts';

/**
 * The baseline of eval:annotate: a plain dictionary matcher. Labels and exact synonyms of the
 * terms in scope, lower-cased with punctuation as word breaks (normalize()), matched as whole
 * word sequences, leftmost and longest first, without overlap; no stemming, no word order, no
 * abbreviations, no negation.
 */
export class DictionaryMatcher {
  /** Word sequence (joined by spaces) -> term ids. */
  readonly #phrases = new Map<string, string[]>();
  #longest = 0;

  constructor(terms: Iterable<HpoTerm>, inScope: (id: string) => boolean) {
    for (const t of terms) {
      if (t.deprecated || !inScope(t.id)) continue;
      const texts = [t.label, ...t.synonymKinds.filter((s) => s.scope === 'exact').map((s) => s.text)];
      for (const text of texts) {
        const phrase = normalize(text);
        if (phrase === '') continue;
        const ids = this.#phrases.get(phrase) ?? this.#phrases.set(phrase, []).get(phrase)!;
        if (!ids.includes(t.id)) ids.push(t.id);
        this.#longest = Math.max(this.#longest, phrase.split(' ').length);
      }
    }
  }

  /** The term ids found in `text`. */
  match(text: string): string[] {
    const words = normalize(text).split(' ');
    const out: string[] = [];
    for (let i = 0; i < words.length; ) {
      let taken = 0;
      for (let n = Math.min(this.#longest, words.length - i); n >= 1; n--) {
        const ids = this.#phrases.get(words.slice(i, i + n).join(' '));
        if (!ids) continue;
        out.push(...ids);
        taken = n;
        break;
      }
      i += taken || 1;
    }
    return out;
  }
}

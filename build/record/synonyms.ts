import type { Synonym, SynonymScope } from './types.ts';

/** Case-insensitive identity of a synonym text, ignoring spacing and a trailing period. */
export function synonymKey(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ').replace(/\.$/, '').trim();
}

/**
 * Collects synonyms from several origins, dropping case-insensitive duplicates (first origin in
 * call order wins) and anything equal to the disease name.
 */
export class SynonymSet {
  private readonly seen = new Set<string>();
  private readonly items: Synonym[] = [];
  constructor(name: string) {
    this.seen.add(synonymKey(name));
  }

  /** Add one synonym unless an equal text (case-insensitively) is already present; `type` is the source's synonym type, if any. */
  add(text: string, scope: SynonymScope, origin: string, sourceId: string | null, type: string | null = null): void {
    const clean = text.replace(/\s+/g, ' ').trim();
    if (!clean) return;
    const key = synonymKey(clean);
    if (this.seen.has(key)) return;
    this.seen.add(key);
    this.items.push({ text: clean, scope, type, origin, sourceId });
  }

  /** The collected synonyms in insertion order. */
  list(): Synonym[] {
    return this.items;
  }
}

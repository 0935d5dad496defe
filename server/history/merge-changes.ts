import type { Change } from '../contract/snapshot/history.ts';

/**
 * Merge the change lists of consecutive releases (oldest first) into one change per disease:
 * `before` from its first change, `after` from its last, the kind from those two (a disease added
 * and removed again in between is left out), and the union of the sections and fields that
 * changed. Sorted by Mondo id, like a single release's list.
 */
export function mergeChanges(lists: readonly (readonly Change[])[]): Change[] {
  const merged = new Map<string, { first: Change; last: Change; sections: Set<string>; fields: Set<string> }>();
  for (const list of lists) {
    for (const c of list) {
      const m = merged.get(c.id);
      if (!m) merged.set(c.id, { first: c, last: c, sections: new Set(c.sections), fields: new Set(c.fields) });
      else {
        m.last = c;
        for (const s of c.sections) m.sections.add(s);
        for (const f of c.fields) m.fields.add(f);
      }
    }
  }
  const out: Change[] = [];
  for (const { first, last, sections, fields } of merged.values()) {
    const { before } = first;
    const { after } = last;
    if (!before && !after) continue;
    const kind = !before ? 'added' : !after ? 'removed' : 'changed';
    out.push({
      id: last.id,
      name: last.name,
      kind,
      release: last.release,
      sections: kind === 'changed' ? [...sections].sort() : [],
      fields: kind === 'changed' ? [...fields].sort() : [],
      before,
      after,
      replacedBy: kind === 'removed' ? last.replacedBy : null,
      consider: kind === 'removed' ? last.consider : [],
    });
  }
  return out.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

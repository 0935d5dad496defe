import type { RuspRow } from '../ingest/source-types.ts';
import type { ScreeningStatus } from './record-types.ts';

interface Hit {
  row: RuspRow;
  via: 'direct' | 'subtype' | 'grouping';
}
const VIA_RANK = { direct: 0, subtype: 1, grouping: 2 } as const;

/**
 * Newborn-screening status per disease from our curated RUSP list: the row's own class (direct),
 * its listed constituents (subtype), and every descendant of either (grouping: the disease falls
 * under a screened grouping). Direct beats subtype beats grouping; core beats secondary.
 */
export function createScreeningLookup(rows: RuspRow[], release: string) {
  const direct = new Map<string, RuspRow[]>();
  const subtype = new Map<string, RuspRow[]>();
  const push = (m: Map<string, RuspRow[]>, k: string, r: RuspRow) => (m.get(k) ?? m.set(k, []).get(k)!).push(r);
  for (const r of rows) {
    push(direct, r.mondoId, r);
    for (const s of r.subtypeMondoIds) push(subtype, s, r);
  }
  const better = (a: Hit, b: Hit | null) =>
    !b || VIA_RANK[a.via] < VIA_RANK[b.via] || (VIA_RANK[a.via] === VIA_RANK[b.via] && a.row.panel === 'core' && b.row.panel !== 'core');

  return (id: string, ancestors: string[]): ScreeningStatus => {
    let best: Hit | null = null;
    for (const row of direct.get(id) ?? []) if (better({ row, via: 'direct' }, best)) best = { row, via: 'direct' };
    for (const row of subtype.get(id) ?? []) if (better({ row, via: 'subtype' }, best)) best = { row, via: 'subtype' };
    for (const a of ancestors) {
      for (const row of [...(direct.get(a) ?? []), ...(subtype.get(a) ?? [])])
        if (better({ row, via: 'grouping' }, best)) best = { row, via: 'grouping' };
    }
    const provenance = { source: 'rusp' as const, release };
    if (!best) {
      return {
        panel: 'RUSP',
        status: 'none',
        screened: false,
        via: null,
        condition: null,
        acronym: null,
        category: null,
        addedYear: null,
        ruspMondoId: null,
        provenance,
      };
    }
    const { row, via } = best;
    return {
      panel: 'RUSP',
      status: row.panel,
      screened: true,
      via,
      condition: row.condition,
      acronym: row.acronym,
      category: row.category,
      addedYear: row.added,
      ruspMondoId: row.mondoId,
      provenance,
    };
  };
}

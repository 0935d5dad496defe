import type { PublishedRecord, PublishedRecords } from './published-records.ts';

const list = (xs: string[], none = 'none') => (xs.length ? xs.join('; ') : none);
const sourcesOf = (xs: { source: string }[] | undefined) => [...new Set((xs ?? []).map((s) => s.source))].join('+');

/** The lines of a brief: every statement a curator may need to confirm, correct or suppress. */
function briefLines(r: PublishedRecord): string[] {
  const syn = (r.synonyms ?? []).map((s: { text: string; scope: string; origin: string }) => `${s.text} [${s.scope}, ${s.origin}]`);
  const modes = (r.inheritance ?? []).map((m: { term: string; sources: { source: string }[] }) => `${m.term} (${sourcesOf(m.sources)})`);
  const genes = (r.genes ?? []).map(
    (g: { symbol: string; association: string; sources: { source: string }[] }) => `${g.symbol} ${g.association} (${sourcesOf(g.sources)})`,
  );
  const onset = (r.onset ?? []).map((o: { term: string; sources: { source: string }[] }) => `${o.term} (${sourcesOf(o.sources)})`);
  const prevalence = (r.prevalence ?? []).map(
    (p: { type: string; class: string | null; valuePer100k: number | null; geography: string }) =>
      `${p.type}, ${p.geography}: ${p.class ?? `${p.valuePer100k}/100 000`}`,
  );
  const features = (r.phenotypes ?? [])
    .filter((p: { negated: boolean }) => !p.negated)
    .slice(0, 30)
    .map(
      (p: { hpoId: string; label: string; frequency: { label?: string; raw?: string } | null; sources: { source: string }[] }) =>
        `  ${p.hpoId} ${p.label} [${p.frequency?.label ?? p.frequency?.raw ?? 'no frequency'}; ${sourcesOf(p.sources)}]`,
    );
  const drugs = (r.orphanDrugs ?? [])
    .filter((d: { status: string }) => d.status === 'approved')
    .map(
      (d: { tradeName: string | null; genericName: string; relation: string }) =>
        `${d.tradeName ?? d.genericName} (${d.genericName}; ${d.relation})`,
    );
  return [
    `${r.id} ${r.name}${r.isRare ? ' (rare)' : ''}`,
    `definition (${r.definition?.source ?? 'none'}): ${r.definition?.text ?? 'none'}`,
    `parents: ${list((r.parents ?? []).map((p: { id: string; name: string }) => `${p.id} ${p.name}`))}`,
    `children: ${list((r.children ?? []).map((c: { id: string; name: string }) => `${c.id} ${c.name}`))}`,
    `synonyms: ${list(syn)}`,
    `inheritance: ${list(modes)}`,
    `genes: ${list(genes)}`,
    `onset: ${list(onset)}`,
    `prevalence: ${list(prevalence)}`,
    `approved orphan products: ${list(drugs)}`,
    `screening: ${r.screening?.status ?? 'none'}`,
    `read more: ${list(
      Object.entries(r.resources ?? {})
        .filter(([k, v]) => typeof v === 'string' && k !== 'nordReportId')
        .map(([k, v]) => `${k} ${v}`),
    )}`,
    `xrefs OMIM: ${list(r.xrefs?.OMIM?.map((x: { id: string }) => x.id) ?? [])}; Orphanet: ${list(r.xrefs?.Orphanet?.map((x: { id: string }) => x.id) ?? [])}`,
    `hallmarks now: ${list((r.computed?.hallmarks ?? []).map((h: { hpoId: string; label: string }) => `${h.hpoId} ${h.label}`))}`,
    'phenotypes (first 30, frequency order):',
    ...features,
  ];
}

/** Prints what the served record states about a disease: the curator's starting point. */
export function printBrief(records: PublishedRecords, mondoId: string): void {
  const r = records.get(mondoId);
  if (!r) {
    process.stderr.write(`${mondoId} is not a served disease record\n`);
    process.exitCode = 1;
    return;
  }
  process.stdout.write(`${briefLines(r).join('\n')}\n`);
}

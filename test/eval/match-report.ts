/** Outcome of one case: its status and, when reachable, the rank of the first correct disease per ranker (0: not ranked). */
export interface CaseOutcome {
  id: string;
  disease: string;
  /**
   * reachable; unmapped: Mondo maps the OMIM id exactly to no served class; unannotated: it does,
   * but no such class has a phenotype annotation.
   */
  status: 'reachable' | 'unmapped' | 'unannotated';
  ranks: Record<Ranker, number>;
}

export type Ranker = 'ours' | 'resnik' | 'resnikOneSided';
const RANKERS: { key: Ranker; name: string }[] = [
  { key: 'ours', name: 'ours: frequency-aware likelihood ratio' },
  { key: 'resnik', name: 'baseline: Resnik best-match average (Phenomizer)' },
  { key: 'resnikOneSided', name: '(for reference) Resnik, query to disease only' },
];

interface Figures {
  hit1: number;
  hit10: number;
  mrr: number;
}

function figuresOf(ranks: number[]): Figures {
  const n = ranks.length || 1;
  return {
    hit1: ranks.filter((r) => r === 1).length / n,
    hit10: ranks.filter((r) => r >= 1 && r <= 10).length / n,
    mrr: ranks.reduce((s, r) => s + (r > 0 ? 1 / r : 0), 0) / n,
  };
}

/** Micro (every case) and macro (each disease weighted equally) figures per ranker, over reachable cases. */
export function caseFigures(outcomes: CaseOutcome[]) {
  const reachable = outcomes.filter((o) => o.status === 'reachable');
  const byDisease = new Map<string, CaseOutcome[]>();
  for (const o of reachable) (byDisease.get(o.disease) ?? byDisease.set(o.disease, []).get(o.disease)!).push(o);
  const per = RANKERS.map(({ key, name }) => {
    const micro = figuresOf(reachable.map((o) => o.ranks[key]));
    const perDisease = [...byDisease.values()].map((os) => figuresOf(os.map((o) => o.ranks[key])));
    const mean = (f: keyof Figures) => perDisease.reduce((s, x) => s + x[f], 0) / (perDisease.length || 1);
    return { key, name, micro, macro: { hit1: mean('hit1'), hit10: mean('hit10'), mrr: mean('mrr') } };
  });
  const count = (s: CaseOutcome['status']) => outcomes.filter((o) => o.status === s).length;
  const all = RANKERS.map(({ key, name }) => ({ name, ...figuresOf(outcomes.map((o) => o.ranks[key])) }));
  return {
    per,
    all,
    cases: outcomes.length,
    reachable: reachable.length,
    diseases: byDisease.size,
    unmapped: count('unmapped'),
    unannotated: count('unannotated'),
  };
}

const pct = (x: number) => `${(x * 100).toFixed(1)}`.padStart(5);

/** The eval table. */
export function printMatchTable(f: ReturnType<typeof caseFigures>, noKnownTerm: number): void {
  console.log(
    `\n${f.reachable} reachable cases of ${f.diseases} diseases (${noKnownTerm} of them with no observed term in the HPO release: counted as misses); not counted: ${f.unannotated} whose disease has no phenotype annotation, ${f.unmapped} whose OMIM id Mondo maps exactly to no served class`,
  );
  console.log(`\n| ranker | micro hit@1 | micro hit@10 | micro MRR | macro hit@1 | macro hit@10 | macro MRR |`);
  console.log('|---|---|---|---|---|---|---|');
  for (const r of f.per) {
    console.log(
      `| ${r.name} | ${pct(r.micro.hit1)} | ${pct(r.micro.hit10)} | ${r.micro.mrr.toFixed(3)} | ${pct(r.macro.hit1)} | ${pct(r.macro.hit10)} | ${r.macro.mrr.toFixed(3)} |`,
    );
  }
  console.log(`\nall ${f.cases} cases (a case whose disease is unannotated or unmapped counts as a miss unless reached through a group):`);
  for (const r of f.all) console.log(`  ${r.name}: micro hit@1 ${pct(r.hit1)}, hit@10 ${pct(r.hit10)}`);
}

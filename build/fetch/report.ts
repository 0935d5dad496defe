import type { FetchSummary } from './fetch-sources.ts';

/** The closing lines of a fetch run: what changed, what did not, what failed and why. */
export function describeSummary(s: FetchSummary): string[] {
  const lines: string[] = [];
  const checked = s.changed.length + s.unchanged.length + s.failed.length;
  if (s.changed.length === 0 && s.failed.length === 0) {
    lines.push(`Nothing new: ${checked} ${checked === 1 ? 'file' : 'files'} checked, none changed; nothing transferred.`);
  } else if (s.changed.length > 0) {
    lines.push(
      `Fetched ${s.changed.length} new ${s.changed.length === 1 ? 'file' : 'files'} (${(s.bytes / 1e6).toFixed(1)} MB transferred): ${s.changed.join(', ')}; ${s.unchanged.length} unchanged.`,
    );
  }
  for (const f of s.failed) lines.push(`FAILED ${f.path}: ${f.reason}`);
  if (s.failed.length > 0)
    lines.push(`${s.failed.length} ${s.failed.length === 1 ? 'file' : 'files'} failed; the files already in DATA_DIR were kept.`);
  for (const k of s.skipped) lines.push(`skipped ${k.source}: ${k.reason}`);
  return lines;
}

/**
 * changelog.json of a snapshot: what changed against the snapshot published before it. The build
 * writes it; the server reads it to announce a release's events (webhooks).
 */
export interface Changelog {
  from: string | null;
  to: string;
  builtAt: string;
  added: { id: string; contentVersion: string }[];
  /** `sections` and `fields` name the content sections and top-level record fields that changed. */
  changed: { id: string; contentVersion: string; previousVersion: string; sections: string[]; fields: string[] }[];
  removed: { id: string; previousVersion: string }[];
  counts: { added: number; changed: number; removed: number; unchanged: number };
}

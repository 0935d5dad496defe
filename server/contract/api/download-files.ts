/**
 * The files built with each release for taking everything at once: names, media type and what
 * each holds. The build writes them, the server serves them by name (route-map.ts downloadFile),
 * the OpenAPI document lists them.
 */

export const DOWNLOAD_FILES = [
  {
    name: 'records.jsonl.gz',
    description:
      'Every current disease record exactly as `/diseases/{mondoId}` serves its `data`, one JSON object per line, in Mondo id order. The file is several gzip members one after another (RFC 1952 §2.2), so that a release changing one disease stores one new member: `gunzip`, `zcat` and the gzip readers of Python, Node and Java read it as one stream; a reader that stops after the first member gets only the first few hundred records.',
  },
  {
    name: 'diseases.tsv.gz',
    description:
      'One row per current disease: Mondo id, name, rare flag, inheritance, onset, prevalence category, genes, causal genes, parents, quality score, last change (lists `|`-separated).',
  },
  {
    name: 'phenotypes.tsv.gz',
    description:
      'One row per phenotype annotation of a disease: Mondo id, HPO term and label, negation, normalized frequency (label, percent, HPO frequency term, raw text), and every source with its release and disease id.',
  },
  {
    name: 'designations.tsv.gz',
    description:
      'One row per FDA orphan drug designation linked to a disease: Mondo id, generic and trade name, status, designation text, dates, sponsor, how it was linked, and the source release.',
  },
  {
    name: 'xrefs.sssom.tsv.gz',
    description:
      "Mondo's mappings to other systems as SSSOM TSV (with its YAML header), subjects that are served diseases, a mapping stated for an obsolete class given to its replacement (the obsolete id in `comment`).",
  },
] as const;
export type DownloadName = (typeof DOWNLOAD_FILES)[number]['name'];
export const DOWNLOAD_NAMES = DOWNLOAD_FILES.map((f) => f.name) as DownloadName[];
/** Every download is gzip-compressed bytes, served as stored (Range applies to them). */
export const DOWNLOAD_MEDIA_TYPE = 'application/gzip';

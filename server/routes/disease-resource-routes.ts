import { PAGE_DEFAULT } from '../contract/api/limits.ts';
import { diseaseResourcePath } from '../contract/api/paths.ts';
import {
  ASSISTANCE_STATUSES,
  type AssistanceStatus,
  ORPHAN_DRUG_STATUSES,
  type OrphanDrugStatus,
  PHENOTYPE_ORDERS,
} from '../contract/api/vocab.ts';
import type { ManifestEntry } from '../contract/snapshot/manifest.ts';
import { diseaseKey } from '../contract/snapshot/route-map.ts';
import { anyOf, params } from '../http/param-schemas.ts';
import type { RouteHandler } from '../http/route-input.ts';
import { sendComposed, sendEntry } from '../http/send.ts';
import type { Snapshot } from '../snapshot/snapshot.ts';
import { NO_PARAMS, pageParams, PER_DISEASE } from './common-params.ts';
import { storedResource } from './disease-routes.ts';
import { route } from './route-def.ts';

/**
 * The sub-resources of one disease: phenotypes, advocacy groups, assistance programs, orphan drug
 * designations and screening, each served from the bytes the build stored, or cut from them for
 * a page or a filter.
 */

const RESOURCE = { ...PER_DISEASE, tag: 'Disease resources' } as const;

const PAGS = {
  ...RESOURCE,
  path: diseaseResourcePath('pags'),
  stored: 'pags',
  query: params(pageParams('groups')),
  summary: 'Patient advocacy groups',
  description:
    'One page of the patient advocacy groups of the disease; `sources` says which sources were consulted and which have no data in this snapshot.',
  ok: { description: 'The groups.', schema: 'PagListResponse' },
} as const;

const ASSISTANCE = {
  ...RESOURCE,
  path: diseaseResourcePath('assistance'),
  stored: 'assistance',
  query: params({ status: anyOf(ASSISTANCE_STATUSES, 'Only programs with one of these statuses.') }),
  summary: 'Patient assistance programs',
  description:
    'The patient assistance programs for the disease, optionally filtered by status; `sources` says which sources were consulted and which have no data in this snapshot.',
  ok: { description: 'The programs.', schema: 'AssistanceListResponse' },
} as const;

const ORPHAN_DRUGS = {
  ...RESOURCE,
  path: diseaseResourcePath('orphan-drugs'),
  stored: 'orphan-drugs',
  query: params({
    status: anyOf(
      ORPHAN_DRUG_STATUSES,
      'Only designations with one of these statuses (comma-separated), e.g. `approved,designated` for the designations in force.',
    ),
  }),
  summary: 'Orphan drug designations',
  description:
    'FDA orphan drug designations linked to the disease by designation text, every status (approved, designated, withdrawn or revoked) with its dates and sponsor: approved first, then designated, then withdrawn, newest first within each; each item says how it was linked. `status` filters by status. Added in v1.1.0; every status and the filter added in v1.3.0.',
  ok: { description: 'The designations.', schema: 'OrphanDrugListResponse' },
} as const;

export const DISEASE_RESOURCE_ROUTES = {
  getDiseasePhenotypes: route(
    {
      ...RESOURCE,
      path: diseaseResourcePath('phenotypes'),
      stored: 'phenotypes',
      query: params({
        order: {
          type: 'string',
          enum: PHENOTYPE_ORDERS,
          default: 'frequency',
          description:
            '`frequency` (default): most frequent first, as documented on Phenotype. `hallmark`: the hallmark features of `computed.hallmarks` first, best first, then the rest in frequency order. The frequency order is stored; the hallmark order is composed from it per request (its `hallmarks`), and sent uncompressed like every composed body.',
        },
      }),
      summary: 'Phenotypes with frequency',
      description:
        'Every phenotype annotation of the disease (HPO and Orphanet, merged per HPO term) with its normalized frequency, most frequent first or, with `order=hallmark`, hallmark features first. Added in v1.1.0; `order` added in v1.5.0.',
      ok: { description: 'The phenotypes.', schema: 'PhenotypeListResponse' },
    },
    ({ snapshot }) =>
      async function phenotypesHandler(req, res, { path, query }) {
        const snap = snapshot();
        const entry = snap.require(diseaseKey(path.mondoId, 'phenotypes'));
        if (query.order === 'frequency') return sendEntry(req, res, snap, entry);
        const list = (await storedData(snap, entry)) as unknown as PhenotypeList;
        sendComposed(req, res, Buffer.from(JSON.stringify({ data: hallmarkFirst(list) })));
      },
  ),
  listDiseasePags: route(PAGS, ({ snapshot }) => pagsResource(snapshot)),
  listDiseaseAssistancePrograms: route(ASSISTANCE, ({ snapshot }) => assistanceResource(snapshot)),
  listDiseaseOrphanDrugs: route(ORPHAN_DRUGS, ({ snapshot }) => orphanDrugsResource(snapshot)),
  getDiseaseScreening: route(
    {
      ...RESOURCE,
      path: diseaseResourcePath('screening'),
      stored: 'screening',
      query: NO_PARAMS,
      summary: 'Newborn screening status',
      description:
        'Status of the disease on the US Recommended Uniform Screening Panel (RUSP): directly, as a listed constituent, or through a grouping above it. Added in v1.1.0.',
      ok: { description: 'The screening status.', schema: 'ScreeningResponse' },
    },
    ({ snapshot }) => storedResource(snapshot, 'screening'),
  ),
};

type GetSnapshot = () => Snapshot;

type PhenotypeList = { order: string; hallmarks: string[]; items: { hpoId: string; negated: boolean }[] };

/** The stored list in hallmark order: its `hallmarks` first (best first), then the rest in their stored (frequency) order. */
function hallmarkFirst(list: PhenotypeList): PhenotypeList {
  const rank = new Map(list.hallmarks.map((id, i) => [id, i]));
  const first = list.items.filter((p) => !p.negated && rank.has(p.hpoId)).sort((a, b) => rank.get(a.hpoId)! - rank.get(b.hpoId)!);
  return { ...list, order: 'hallmark', items: [...first, ...list.items.filter((p) => !first.includes(p))] };
}

/** Parse a stored body's `data`: only for the rare paged or filtered sub-resource requests. */
async function storedData(snap: Snapshot, entry: ManifestEntry): Promise<StoredData> {
  return JSON.parse((await snap.body(entry, 'identity')).bytes.toString('utf8')).data;
}
type StoredData = { name: string; advocacyGroups: Listed; assistancePrograms: Listed } & Listed & { provenance?: unknown };
type Listed = { items: unknown[]; sources: unknown };

/** GET /diseases/{mondoId}/pags?limit&offset: the stored default page, or a page cut from the record. */
function pagsResource(getSnapshot: GetSnapshot): RouteHandler<typeof PAGS> {
  const defaultLimit = PAGE_DEFAULT;
  return async function pagsHandler(req, res, { path, query }) {
    const snap = getSnapshot();
    const id = path.mondoId;
    const { limit, offset } = query;
    // The build stores the default page; any other page is cut here.
    if (limit === defaultLimit && offset === 0) return sendEntry(req, res, snap, snap.require(diseaseKey(id, 'pags')));
    const r = await storedData(snap, snap.require(id));
    const all = r.advocacyGroups.items;
    const body = {
      data: {
        id,
        name: r.name,
        total: all.length,
        limit,
        offset,
        items: all.slice(offset, offset + limit),
        sources: r.advocacyGroups.sources,
      },
    };
    sendComposed(req, res, Buffer.from(JSON.stringify(body)));
  };
}

/** GET /diseases/{mondoId}/assistance?status=open,waitlist. */
function assistanceResource(getSnapshot: GetSnapshot): RouteHandler<typeof ASSISTANCE> {
  return async function assistanceHandler(req, res, { path, query }) {
    const snap = getSnapshot();
    const id = path.mondoId;
    const status = query.status;
    if (!status) return sendEntry(req, res, snap, snap.require(diseaseKey(id, 'assistance')));
    const r = await storedData(snap, snap.require(id));
    const items = (r.assistancePrograms.items as { status: AssistanceStatus }[]).filter((a) => status.includes(a.status));
    const body = { data: { id, name: r.name, total: items.length, status, items, sources: r.assistancePrograms.sources } };
    sendComposed(req, res, Buffer.from(JSON.stringify(body)));
  };
}

/** GET /diseases/{mondoId}/orphan-drugs?status=approved,designated: the stored list, or the list filtered by status. */
function orphanDrugsResource(getSnapshot: GetSnapshot): RouteHandler<typeof ORPHAN_DRUGS> {
  return async function orphanDrugsHandler(req, res, { path, query }) {
    const snap = getSnapshot();
    const status = query.status;
    const entry = snap.require(diseaseKey(path.mondoId, 'orphan-drugs'));
    if (!status) return sendEntry(req, res, snap, entry);
    // Filtered from the stored list (not the record), so the list's provenance note stays the build's.
    const list = await storedData(snap, entry);
    const items = (list.items as { status: OrphanDrugStatus }[]).filter((d) => status.includes(d.status));
    const body = { data: { id: path.mondoId, name: list.name, total: items.length, status, items, provenance: list.provenance } };
    sendComposed(req, res, Buffer.from(JSON.stringify(body)));
  };
}

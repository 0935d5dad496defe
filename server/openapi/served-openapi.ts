import { createHash } from 'node:crypto';
import { API_RELEASE_DATE, API_VERSION } from '../contract/api/version.ts';
import { etagOfBytes } from '../http/send.ts';
import type { OpenApiBody } from '../routes/route-def.ts';
import type { Snapshot } from '../snapshot/snapshot.ts';
import { generateOpenApi, type OpenApiDocument, toYaml } from './openapi-document.ts';

/** The document as JSON, and as YAML once asked for, with their ETags. */
interface Bodies {
  doc: OpenApiDocument;
  json: OpenApiBody;
  yaml: OpenApiBody | null;
}

/**
 * The OpenAPI document of the snapshot served: the route table of this server over the
 * snapshot's component schemas, composed once per distinct schemas file (snapshots of one code
 * version share it, so a swap composes nothing) and kept serialized.
 */
export class ServedOpenApi {
  #digest = new WeakMap<Snapshot, string>();
  #bodies = new Map<string, Bodies>();

  constructor(private readonly snapshot: () => Snapshot) {}

  /**
   * The document as JSON or YAML. The YAML is written on the first request for it (about 0.2 s,
   * once per process and schemas file): few clients ask for it, and every start would pay it.
   */
  body(format: 'json' | 'yaml'): OpenApiBody {
    const bodies = this.bodiesOf(this.snapshot());
    if (format === 'json') return bodies.json;
    if (bodies.yaml === null) {
      const yaml = Buffer.from(toYaml(bodies.doc));
      bodies.yaml = { bytes: yaml, etag: etagOfBytes(yaml) };
    }
    return bodies.yaml;
  }

  /** Compose the document of the current snapshot now (about 40 ms), so that no request waits for it. */
  warm(): void {
    this.bodiesOf(this.snapshot());
  }

  private bodiesOf(snap: Snapshot): Bodies {
    let digest = this.#digest.get(snap);
    if (digest === undefined) this.#digest.set(snap, (digest = createHash('sha256').update(snap.schemasJson).digest('hex')));
    let bodies = this.#bodies.get(digest);
    if (bodies === undefined) {
      const doc = generateOpenApi({ schemas: snap.schemas, apiVersion: API_VERSION, releaseDate: API_RELEASE_DATE });
      const json = Buffer.from(JSON.stringify(doc));
      bodies = { doc, json: { bytes: json, etag: etagOfBytes(json) }, yaml: null };
      // One document per schemas file served: the previous snapshot's is dropped with it.
      this.#bodies.clear();
      this.#bodies.set(digest, bodies);
    }
    return bodies;
  }
}

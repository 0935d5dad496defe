import { createHash } from 'node:crypto';
import { API_RELEASE_DATE, API_VERSION } from '../contract/api/version.ts';
import { etagOfBytes } from '../http/send.ts';
import type { OpenApiBody } from '../routes/route-def.ts';
import type { Snapshot } from '../snapshot/snapshot.ts';
import { generateOpenApi, toYaml } from './openapi-document.ts';

/** The document in both representations, with their ETags. */
interface Bodies {
  json: OpenApiBody;
  yaml: OpenApiBody;
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

  /** The document as JSON or YAML. */
  body(format: 'json' | 'yaml'): OpenApiBody {
    return this.bodiesOf(this.snapshot())[format];
  }

  /** Compose the document of the current snapshot now, so that no request waits for it. */
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
      const yaml = Buffer.from(toYaml(doc));
      bodies = { json: { bytes: json, etag: etagOfBytes(json) }, yaml: { bytes: yaml, etag: etagOfBytes(yaml) } };
      // One document per schemas file served: the previous snapshot's is dropped with it.
      this.#bodies.clear();
      this.#bodies.set(digest, bodies);
    }
    return bodies;
  }
}

import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { closeSync, linkSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';
import type { ClaimedDelivery, Endpoint, EndpointSecret, WebhookStore } from './webhook-types.ts';

const SEALED = 'sealed:v1:';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Binds a sealed value to its use: a sealed secret cannot be passed off as anything else sealed with the key. */
const AAD = Buffer.from('dcs webhook signing secret');

/**
 * Signing secrets encrypted at rest (AES-256-GCM) with a key kept outside the outbox
 * (WEBHOOK_KEY_FILE): the outbox log, a Redis dump or a copy of either holds no secret in clear.
 * A value stored before secrets were sealed (`whsec_...`) is read as it is and sealed at its next
 * write.
 */
export class SecretBox {
  constructor(private readonly key: Buffer) {
    if (key.length !== KEY_BYTES) throw new Error(`a sealing key is ${KEY_BYTES} bytes, got ${key.length}`);
  }

  /** The secret as stored. */
  seal(secret: string): string {
    if (secret.startsWith(SEALED)) return secret;
    const iv = randomBytes(IV_BYTES);
    const c = createCipheriv('aes-256-gcm', this.key, iv).setAAD(AAD);
    const body = Buffer.concat([c.update(secret, 'utf8'), c.final(), c.getAuthTag()]);
    return `${SEALED}${iv.toString('base64url')}:${body.toString('base64url')}`;
  }

  /** The secret from what is stored; throws when it was sealed with another key. */
  open(stored: string): string {
    if (!stored.startsWith(SEALED)) return stored;
    const [iv, body] = stored
      .slice(SEALED.length)
      .split(':')
      .map((p) => Buffer.from(p, 'base64url'));
    const d = createDecipheriv('aes-256-gcm', this.key, iv).setAAD(AAD);
    d.setAuthTag(body.subarray(body.length - TAG_BYTES));
    try {
      return Buffer.concat([d.update(body.subarray(0, body.length - TAG_BYTES)), d.final()]).toString('utf8');
    } catch {
      throw new Error(
        'a webhook signing secret does not open with WEBHOOK_KEY_FILE: every process sharing an outbox needs the same key file',
      );
    }
  }
}

/**
 * The sealing key in `file`: read, or made (32 random bytes, base64, mode 0600) when there is none.
 * A new file is written beside its final name and linked into place, so processes starting
 * together agree on one key and none reads half a file.
 */
export function loadOrCreateKey(file: string): Buffer {
  try {
    return keyFrom(readFileSync(file, 'utf8'), file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const fd = openSync(tmp, 'wx', 0o600);
  try {
    writeSync(fd, `${randomBytes(KEY_BYTES).toString('base64')}\n`);
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(tmp, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  } finally {
    rmSync(tmp, { force: true });
  }
  return keyFrom(readFileSync(file, 'utf8'), file);
}

function keyFrom(text: string, file: string): Buffer {
  const key = Buffer.from(text.trim(), 'base64');
  if (key.length !== KEY_BYTES) throw new Error(`${file}: not a webhook sealing key (${KEY_BYTES} bytes in base64)`);
  return key;
}

/**
 * `store` with every endpoint's secrets sealed on the way in and opened on the way out, whatever
 * the store (embedded or Redis). Only the endpoint calls and claims carry secrets.
 */
export function sealedStore(store: WebhookStore, box: SecretBox): WebhookStore {
  const mapSecrets = (e: Endpoint, f: (s: string) => string): Endpoint => ({
    ...e,
    secrets: e.secrets.map((s: EndpointSecret) => ({ ...s, secret: f(s.secret) })),
  });
  const seal = (e: Endpoint) => mapSecrets(e, (s) => box.seal(s));
  const open = (e: Endpoint) => mapSecrets(e, (s) => box.open(s));
  const overrides: Partial<WebhookStore> = {
    createEndpoint: (e) => store.createEndpoint(seal(e)),
    updateEndpoint: (e) => store.updateEndpoint(seal(e)),
    endpoint: async (id) => {
      const e = await store.endpoint(id);
      return e && open(e);
    },
    endpointsOf: async (owner) => (await store.endpointsOf(owner)).map(open),
    allEndpoints: async () => (await store.allEndpoints()).map(open),
    claim: async (endpointId, now, max, leaseUntil) =>
      (await store.claim(endpointId, now, max, leaseUntil)).map((c: ClaimedDelivery) => ({ ...c, endpoint: open(c.endpoint) })),
  };
  return new Proxy(store, {
    get(target, prop) {
      const own = overrides[prop as keyof WebhookStore];
      if (own) return own;
      const v = Reflect.get(target, prop);
      return typeof v === 'function' ? v.bind(target) : v;
    },
  });
}

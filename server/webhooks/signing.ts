import { createHmac, randomBytes } from 'node:crypto';
import { SECRET_PREFIX, SIGNATURE_VERSION } from '../contract/api/webhooks.ts';
import type { EndpointSecret } from './webhook-types.ts';

/** A new signing secret: `whsec_` + base64 of 32 random bytes (the specification asks for 24 to 64). */
export function newSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString('base64');
}

/**
 * The `webhook-signature` header of Standard Webhooks: `v1,` + base64 HMAC-SHA256 over
 * `{id}.{timestamp}.{body}`, keyed with the secret's base64-decoded part; one signature per secret
 * in use (the current one, and the previous one during a rotation's overlap), space-separated.
 */
export function signatureHeader(secrets: EndpointSecret[], id: string, timestamp: number, body: string, now: number): string {
  const content = `${id}.${timestamp}.${body}`;
  return secrets
    .filter((s) => s.expiresAt === null || s.expiresAt > now)
    .map(
      (s) =>
        `${SIGNATURE_VERSION},${createHmac('sha256', Buffer.from(s.secret.slice(SECRET_PREFIX.length), 'base64'))
          .update(content)
          .digest('base64')}`,
    )
    .join(' ');
}

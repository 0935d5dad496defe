import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import { addressKind, type AddressKind } from './address-kinds.ts';

/** dns.lookup with `all: true`, or a stand-in (tests resolve names without /etc/hosts). */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>;

/** The system resolver (getaddrinfo: /etc/hosts, then DNS). */
export const systemResolver: Resolver = (hostname) =>
  new Promise((done, fail) => {
    dnsLookup(hostname, { all: true, verbatim: true }, (err, addresses) => (err ? fail(err) : done(addresses)));
  });

/** What the operator allows beyond public https destinations. */
export interface DestinationPolicy {
  /** Address kinds allowed anyway (WEBHOOK_ALLOW_ADDRESSES); empty in production. */
  allow: ReadonlySet<AddressKind>;
  /** Plain http:// allowed (WEBHOOK_ALLOW_HTTP); false in production. */
  allowHttp: boolean;
  resolver: Resolver;
}

/** A destination refused, and why, in words a client can act on. */
export class DestinationError extends Error {
  constructor(
    message: string,
    readonly reason: 'malformed' | 'forbidden-destination',
  ) {
    super(message);
  }
}

/** The URL of a webhook endpoint, checked for form only (scheme, no credentials or fragment). */
export function checkUrl(text: string, policy: DestinationPolicy): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new DestinationError('must be an absolute URL', 'malformed');
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && policy.allowHttp)) {
    throw new DestinationError(policy.allowHttp ? 'must be an https:// or http:// URL' : 'must be an https:// URL', 'malformed');
  }
  if (url.username || url.password) throw new DestinationError('must not carry credentials: deliveries are signed instead', 'malformed');
  if (url.hash || text.includes('#')) throw new DestinationError('must not have a fragment', 'malformed');
  return url;
}

/** The host of a URL as a name or a bare IP address (brackets removed). */
export function hostOf(url: URL): string {
  return url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
}

/** Throw when an address may not be reached under the policy. */
export function checkAddress(address: string, policy: DestinationPolicy, host: string): void {
  const kind = addressKind(address);
  if (kind && !policy.allow.has(kind)) {
    const via = host === address ? '' : ` (${host} resolves to it)`;
    throw new DestinationError(
      `${address} is a ${kind} address${via}; webhooks are only sent to public internet addresses`,
      'forbidden-destination',
    );
  }
}

/**
 * Resolve a host and check every address it resolves to: a name with even one forbidden address
 * is refused, since which one a connection would use is not ours to choose. Returns the checked
 * addresses; the sender connects to these and never resolves the name again, so a name that
 * changes its answer between the check and the connection (DNS rebinding) gains nothing.
 */
export async function resolveChecked(host: string, policy: DestinationPolicy): Promise<LookupAddress[]> {
  const family = isIP(host);
  if (family) {
    checkAddress(host, policy, host);
    return [{ address: host, family }];
  }
  let addresses: LookupAddress[];
  try {
    addresses = await policy.resolver(host);
  } catch (err) {
    throw new DestinationError(`${host} does not resolve (${(err as NodeJS.ErrnoException).code ?? (err as Error).message})`, 'malformed');
  }
  if (addresses.length === 0) throw new DestinationError(`${host} does not resolve`, 'malformed');
  for (const a of addresses) checkAddress(a.address, policy, host);
  return addresses;
}

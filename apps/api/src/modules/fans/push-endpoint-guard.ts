import dns from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Push endpoints come from browsers, so from anyone: the server must not be made to POST to its
 * own network. Addresses no public push service has: loopback, private, link-local (cloud metadata
 * at 169.254.169.254), carrier-grade NAT, multicast and reserved ranges, in IPv4 and IPv6 (IPv4
 * inside IPv6 is checked as IPv4).
 */
const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv6');
}

export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return PRIVATE.check(mapped, 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export type EndpointProblem = 'not_https' | 'private_address';

/** A URL's host as an address when it is one ([::1] without its brackets), else null. */
function literalAddress(url: URL): string | null {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return isIP(host) ? host : null;
}

/**
 * Why a push endpoint is refused, or null. Outside production anything http(s) goes (the tests'
 * push service listens on loopback); in production only https to public addresses, the host's
 * names resolved now (and again at each send by `guardedLookup`, against DNS rebinding).
 */
export async function endpointProblem(
  endpoint: string,
  production: boolean,
): Promise<EndpointProblem | null> {
  if (!production) return null;
  const url = new URL(endpoint);
  if (url.protocol !== 'https:') return 'not_https';
  const literal = literalAddress(url);
  if (literal) return isPrivateAddress(literal) ? 'private_address' : null;
  try {
    const addresses = await dns.promises.lookup(url.hostname, { all: true });
    return addresses.length === 0 || addresses.some((a) => isPrivateAddress(a.address))
      ? 'private_address'
      : null;
  } catch {
    // A name that does not resolve is no push service.
    return 'private_address';
  }
}

/** Whether a send may go to this URL's literal address (names are checked by guardedLookup). */
export function isSendableEndpoint(endpoint: string, production: boolean): boolean {
  if (!production) return true;
  const url = new URL(endpoint);
  if (url.protocol !== 'https:') return false;
  const literal = literalAddress(url);
  return literal === null || !isPrivateAddress(literal);
}

/**
 * The DNS lookup of the push requests in production: it fails for a private address, so the
 * socket never connects to one, whatever the name resolved to when the browser subscribed.
 */
export const guardedLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 0);
    const list = addresses;
    const bad = list.find((a) => isPrivateAddress(a.address));
    if (bad || list.length === 0) {
      return callback(
        Object.assign(new Error(`push endpoint ${hostname} resolves to a private address`), {
          code: 'EPRIVATE',
        }),
        '',
        0,
      );
    }
    if (options.all) return callback(null, list);
    const first = list[0];
    return callback(null, first?.address ?? '', first?.family ?? 4);
  });
};

import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

// The one guard of outbound requests to user-given or configured URLs (news feeds, webhooks): which
// addresses a request may connect to, checked on the address actually used.

const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15],
  ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8], ['2001:db8::', 32], ['100::', 64],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

/** The IPv4 address hidden in an IPv4-mapped, IPv4-compatible or NAT64 IPv6 address. */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|::|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1]!;
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return null;
  const high = Number.parseInt(hex[1]!, 16);
  const low = Number.parseInt(hex[2]!, 16);
  return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
}

/** True for loopback, private, link-local, carrier-grade NAT, multicast, documentation and reserved addresses. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family !== 6) return true;
  const v4 = embeddedIpv4(address);
  if (v4) return blocked.check(v4, 'ipv4');
  return blocked.check(address, 'ipv6');
}

/** Which addresses a request may reach: public ones only, any, or private ones only (plain HTTP to an on-premises receiver). */
export type AddressPolicy = 'public' | 'any' | 'private';

export function isAddressAllowed(address: string, policy: AddressPolicy): boolean {
  if (policy === 'any') return true;
  return policy === 'public' ? !isPrivateAddress(address) : isPrivateAddress(address);
}

/** The resolver a guarded lookup asks (Node's DNS; tests give their own). */
export type Resolve = (hostname: string, callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => void;

const resolveWithDns: Resolve = (hostname, callback) =>
  dnsLookup(hostname, { all: true }, (error, addresses) => callback(error, (addresses ?? []) as LookupAddress[]));

/**
 * A DNS lookup that keeps only the addresses the policy allows. It runs at connect time, inside the
 * request, so the address that is checked is the address that is used (no gap for DNS rebinding).
 */
export function createGuardedLookup(policy: AddressPolicy, refuse: (hostname: string) => Error, resolve: Resolve = resolveWithDns): LookupFunction {
  return ((hostname: string, options: object, callback: (...args: unknown[]) => void) => {
    resolve(hostname, (error, list) => {
      if (error) return callback(error);
      const usable = list.filter((entry) => isAddressAllowed(entry.address, policy));
      if (usable.length === 0) return callback(refuse(hostname));
      if ((options as { all?: boolean }).all) return callback(null, usable);
      return callback(null, usable[0]!.address, usable[0]!.family);
    });
  }) as LookupFunction;
}


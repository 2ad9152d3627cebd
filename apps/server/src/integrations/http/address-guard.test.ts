import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { createGuardedLookup, isPrivateAddress, type AddressPolicy, type Resolve } from './address-guard';

describe('isPrivateAddress', () => {
  it.each([
    '127.0.0.1', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0',
    '224.0.0.1', '255.255.255.255', '::1', '::', 'fe80::1', 'fc00::1', 'fd12:3456::1', '::ffff:127.0.0.1', '::ffff:7f00:1',
    '::ffff:10.0.0.1', '64:ff9b::a9fe:a9fe', 'not-an-ip',
  ])('%s is refused', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('%s is public', (address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });
});

/** Runs a guarded lookup against a fixed answer of the resolver. */
function lookUp(policy: AddressPolicy, answer: string[]): Promise<{ error: Error | null; address?: string }> {
  const resolve: Resolve = (_hostname, callback) => callback(null, answer.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }) as LookupAddress));
  const lookup = createGuardedLookup(policy, (hostname) => new Error(`refused ${hostname}`), resolve);
  return new Promise((done) => {
    lookup('receiver.example', {}, (error, address) => done({ error, address: typeof address === 'string' ? address : undefined }));
  });
}

describe('createGuardedLookup', () => {
  it('keeps a name that resolves to loopback away from a public-only request', async () => {
    expect((await lookUp('public', ['127.0.0.1'])).error?.message).toBe('refused receiver.example');
    expect((await lookUp('public', ['::ffff:10.0.0.1'])).error?.message).toBe('refused receiver.example');
  });

  it('uses the first allowed address, so the checked address is the one connected to', async () => {
    expect(await lookUp('public', ['10.0.0.1', '93.184.216.34'])).toEqual({ error: null, address: '93.184.216.34' });
    expect(await lookUp('any', ['127.0.0.1'])).toEqual({ error: null, address: '127.0.0.1' });
  });

  it('lets a private-only request reach private addresses and nothing else', async () => {
    expect(await lookUp('private', ['93.184.216.34', '192.168.1.20'])).toEqual({ error: null, address: '192.168.1.20' });
    expect((await lookUp('private', ['93.184.216.34'])).error?.message).toBe('refused receiver.example');
  });
});

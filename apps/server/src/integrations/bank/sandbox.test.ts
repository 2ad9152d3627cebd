import { describe, expect, it } from 'vitest';
import { ProviderError } from './provider';
import {
  createSandboxProvider,
  SANDBOX_IDV_FAILURE_REASONS,
  SANDBOX_IDV_FINAL_AFTER_MS,
  SANDBOX_IDV_IN_PROGRESS_AFTER_MS,
} from './sandbox';

describe('sandbox provider', () => {
  let now = new Date('2026-03-10T12:00:00Z');
  const provider = createSandboxProvider({ now: () => now });

  it('accepts user_good / pass_good and refuses anything else with the provider reason', () => {
    expect(provider.createPublicToken({ username: 'user_good', password: 'pass_good' })).toMatch(/^public-sandbox-ins_109508-/);
    expect(provider.createPublicToken({ institutionId: 'ins_109511', username: 'user_good', password: 'pass_good' })).toMatch(/^public-sandbox-ins_109511-/);
    const attempt = () => provider.createPublicToken({ username: 'user_good', password: 'wrong' });
    expect(attempt).toThrow(ProviderError);
    expect(attempt).toThrow(/credentials were not correct/);
    expect(() => provider.createPublicToken({ username: 'user_bad', password: 'pass_good' })).toThrow(/INVALID_CREDENTIALS/);
    expect(() => provider.createPublicToken({ institutionId: 'ins_1', username: 'user_good', password: 'pass_good' })).toThrow(/INVALID_INSTITUTION/);
  });

  it('generates the same accounts, identity, transactions and holdings for one connection, different ones for another', async () => {
    const first = await provider.exchangePublicToken(provider.createPublicToken({ username: 'user_good', password: 'pass_good' }));
    const second = await provider.exchangePublicToken(provider.createPublicToken({ username: 'user_good', password: 'pass_good' }));
    expect(first.institution).toEqual({ id: 'ins_109508', name: 'First Platypus Bank' });
    const accounts = await provider.getAccounts(first.accessToken);
    expect(accounts.map((account) => account.subtype)).toEqual(['checking', 'savings', 'credit card', 'brokerage']);
    expect(await provider.getAccounts(first.accessToken)).toEqual(accounts);
    expect(await provider.getAccounts(second.accessToken)).not.toEqual(accounts);
    for (const account of accounts) expect(account.balances.current).toMatch(/^-?\d+\.\d{2}$/);
    const card = accounts.find((account) => account.type === 'credit')!;
    expect(card.balances.limit).not.toBeNull();

    expect(await provider.getIdentity(first.accessToken)).toEqual(await provider.getIdentity(first.accessToken));
    const since = new Date('2026-01-01T00:00:00Z');
    const transactions = await provider.getTransactions(first.accessToken, since, now);
    expect(transactions.length).toBeGreaterThan(10);
    expect(transactions.every((item) => item.date >= '2026-01-01' && item.date <= '2026-03-10')).toBe(true);
    // A later question over a longer window gives the same transactions for the days both cover.
    now = new Date('2026-03-20T12:00:00Z');
    const later = await provider.getTransactions(first.accessToken, since, new Date('2026-03-10T12:00:00Z'));
    expect(later).toEqual(transactions);
    const holdings = await provider.getHoldings(first.accessToken);
    expect(holdings).toHaveLength(4);
    expect(holdings.every((holding) => holding.accountId === accounts[3]!.id)).toBe(true);
  });

  it('refuses unknown tokens', async () => {
    await expect(provider.exchangePublicToken('public-sandbox-nope')).rejects.toThrow(/INVALID_PUBLIC_TOKEN/);
    await expect(provider.getAccounts('access-sandbox-ins_109508-zz')).rejects.toThrow(/INVALID_ACCESS_TOKEN/);
  });

  it('moves identity verification created → in_progress → success on the given clock', async () => {
    now = new Date('2026-03-10T12:00:00Z');
    const started = await provider.startIdentityVerification({ userId: 'u', email: 'ana@example.com', givenName: 'Ana', familyName: 'Ruiz' });
    expect(started.status).toBe('created');
    now = new Date(now.getTime() + SANDBOX_IDV_IN_PROGRESS_AFTER_MS);
    expect((await provider.getIdentityVerification(started.id)).status).toBe('in_progress');
    now = new Date(now.getTime() + SANDBOX_IDV_FINAL_AFTER_MS);
    expect(await provider.getIdentityVerification(started.id)).toEqual({ id: started.id, status: 'success', failureReasons: [], url: null });
  });

  it('ends in failed with reasons for the documented failing input', async () => {
    now = new Date('2026-03-10T12:00:00Z');
    const started = await provider.startIdentityVerification({ userId: 'u', email: 'idv_fail+ana@example.com', givenName: null, familyName: null });
    now = new Date(now.getTime() + SANDBOX_IDV_FINAL_AFTER_MS);
    expect(await provider.getIdentityVerification(started.id)).toEqual({ id: started.id, status: 'failed', failureReasons: SANDBOX_IDV_FAILURE_REASONS, url: null });
  });
});

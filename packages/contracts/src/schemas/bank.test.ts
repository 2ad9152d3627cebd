import { describe, expect, it } from 'vitest';
import { bankMessages, isFinalVerificationStatus, sandboxPublicTokenBodySchema } from './bank';
import { createInvitationBodySchema } from './sharing';

function firstMessages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]));
}

describe('createInvitationBodySchema', () => {
  it("says SPEC.md's 'Please enter an email address.' for a blank address and needs a known scope", () => {
    expect(firstMessages(createInvitationBodySchema.safeParse({ email: '   ', scopes: ['identity'] }))).toEqual({ email: bankMessages.emailRequired });
    expect(firstMessages(createInvitationBodySchema.safeParse({ email: 'a@b', scopes: [] }))).toMatchObject({ scopes: bankMessages.scopesRequired });
    expect(firstMessages(createInvitationBodySchema.safeParse({ email: 'a@example.com', scopes: ['passwords'] })).scopes).toBe(bankMessages.scopeUnknown);
  });

  it('trims the address and removes repeated scopes', () => {
    expect(createInvitationBodySchema.parse({ email: ' buyer@example.com ', scopes: ['balances', 'balances', 'identity'] })).toEqual({
      email: 'buyer@example.com',
      scopes: ['balances', 'identity'],
    });
  });
});

describe('bank helpers', () => {
  it('knows which verification statuses are final (SPEC.md §4)', () => {
    expect(['approved', 'completed', 'success', 'failed', 'rejected'].every(isFinalVerificationStatus)).toBe(true);
    expect(['created', 'in_progress', 'needs_review'].some(isFinalVerificationStatus)).toBe(false);
  });

  it('needs a username and a password for the sandbox bank', () => {
    expect(firstMessages(sandboxPublicTokenBodySchema.safeParse({ username: ' ', password: '' }))).toEqual({
      username: bankMessages.usernameRequired,
      password: bankMessages.passwordRequired,
    });
  });
});

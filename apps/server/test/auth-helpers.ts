import { randomUUID } from 'node:crypto';
import type { LoginResponse } from '@fueldesk/contracts';
import { hashPassword } from '../src/lib/passwords';
import type { TestContext } from './build-test-app';
import { createUser, type UserOverrides } from './factories';

let ipCounter = 0;
/** A fresh client address, so per-IP limits of one test do not spill into the next. */
export function nextIp(): string {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
}

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

/** The `token` query value of the first link in a mail body. */
export function linkTokenFrom(text: string): string {
  const match = /[?&]token=([A-Za-z0-9_%-]+)/.exec(text);
  if (!match) throw new Error(`no token link in mail: ${text}`);
  return decodeURIComponent(match[1]!);
}

/** The newest mail sent to an address (any transport). */
export function lastMailTo(t: TestContext, to: string) {
  const mail = [...t.sentMail].reverse().find((message) => message.to.toLowerCase() === to.toLowerCase());
  if (!mail) throw new Error(`no mail to ${to}`);
  return mail;
}

/** A verified account with a real argon2id password hash. */
export async function createUserWithPassword(t: TestContext, password: string, overrides: UserOverrides = {}) {
  return createUser(t.ctx, { ...overrides, passwordHash: await hashPassword(password) });
}

export async function postLogin(t: TestContext, email: string, password: string, ip = nextIp()) {
  return t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip });
}

/** Signs in and returns the login body; fails the test if the server refused. */
export async function loginOk(t: TestContext, email: string, password: string): Promise<LoginResponse> {
  const response = await postLogin(t, email, password);
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return response.json() as LoginResponse;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

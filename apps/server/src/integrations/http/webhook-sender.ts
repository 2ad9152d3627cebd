import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { createGuardedLookup, isAddressAllowed, type AddressPolicy, type Resolve } from './address-guard';

/** The header a receiver verifies: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">` (API.md "Watching"). */
export const WEBHOOK_SIGNATURE_HEADER = 'FuelDesk-Signature';

export function signWebhookBody(secret: string, body: string, unixSeconds: number): string {
  const mac = createHmac('sha256', secret).update(`${unixSeconds}.${body}`).digest('hex');
  return `t=${unixSeconds},v1=${mac}`;
}

export class WebhookUrlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookUrlError';
  }
}

/**
 * Which addresses a webhook URL may reach: HTTPS to public addresses; with `allowPrivate`
 * (WEBHOOK_ALLOW_PRIVATE, tests and on-premises setups) HTTPS anywhere and plain HTTP to private
 * addresses only. Throws WebhookUrlError for a URL that can never be delivered to.
 */
export function webhookAddressPolicy(raw: string, allowPrivate: boolean): { url: URL; policy: AddressPolicy } {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new WebhookUrlError('not_a_url');
  }
  if (url.username || url.password) throw new WebhookUrlError('credentials');
  let policy: AddressPolicy;
  if (url.protocol === 'https:') policy = allowPrivate ? 'any' : 'public';
  else if (url.protocol === 'http:' && allowPrivate) policy = 'private';
  else throw new WebhookUrlError(url.protocol === 'http:' ? 'plain_http' : 'protocol');
  // A literal address never goes through DNS: check it here.
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0 && !isAddressAllowed(host, policy)) throw new WebhookUrlError('private_address');
  return { url, policy };
}

export interface WebhookPost {
  url: string;
  body: string;
  secret: string;
  allowPrivate: boolean;
  timeoutMs: number;
  now: Date;
  /** Tests resolve names themselves. */
  resolve?: Resolve;
}

export type WebhookOutcome = { ok: true; status: number } | { ok: false; status: number | null; error: string };

/**
 * POSTs a signed JSON body once. Redirects are not followed (a 3xx is a failure), so a receiver can
 * never bounce a delivery to a private or loopback address; the address connected to is the one
 * the guard checked. Any 2xx is a success; the answer's body is read and dropped.
 */
export function postWebhook(input: WebhookPost): Promise<WebhookOutcome> {
  let target: { url: URL; policy: AddressPolicy };
  try {
    target = webhookAddressPolicy(input.url, input.allowPrivate);
  } catch (error) {
    return Promise.resolve({ ok: false, status: null, error: `refused: ${(error as Error).message}` });
  }
  const signature = signWebhookBody(input.secret, input.body, Math.floor(input.now.getTime() / 1000));
  const lookup = createGuardedLookup(target.policy, (hostname) => new WebhookUrlError(`${hostname} resolves to an address webhooks may not reach`), input.resolve);
  return new Promise((resolve) => {
    const client = target.url.protocol === 'https:' ? https : http;
    const request = client.request(
      target.url,
      {
        method: 'POST',
        lookup,
        signal: AbortSignal.timeout(input.timeoutMs),
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(input.body),
          'user-agent': 'FuelDesk-Webhooks/1',
          [WEBHOOK_SIGNATURE_HEADER]: signature,
        },
      },
      (response) => {
        response.resume();
        const status = response.statusCode ?? 0;
        response.on('end', () =>
          resolve(status >= 200 && status < 300 ? { ok: true, status } : { ok: false, status, error: status >= 300 && status < 400 ? `redirect not followed (HTTP ${status})` : `HTTP ${status}` }),
        );
        response.on('error', (error) => resolve({ ok: false, status, error: error.message }));
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) => {
      const cause = error.cause instanceof WebhookUrlError ? error.cause : error;
      const reason = error.name === 'AbortError' || error.name === 'TimeoutError' ? `no answer within ${input.timeoutMs} ms` : (cause.message || (error.code ?? 'network error'));
      resolve({ ok: false, status: null, error: reason });
    });
    request.end(input.body);
  });
}

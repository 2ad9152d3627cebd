import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearEarlyRequests } from '@/lib/early-requests';
import { AUTH_TOKEN_KEY } from '@/lib/session-token';
import { jsonResponse, mockApi } from '@/lib/testing/mock-api';
import { futureExp, makeToken } from '@/test/render-app';
import { HOME_EARLY_GETS, guessLanguage, seesClientHome, startEarly } from './early-start';

let server: ReturnType<typeof mockApi>;

beforeEach(() => {
  clearEarlyRequests();
  server = mockApi({}, { fallback: () => jsonResponse(200, {}) });
});
afterEach(() => clearEarlyRequests());

/** The API GETs sent so far, as paths under /api. */
function sentPaths(): string[] {
  return server.calls.map((call) => `${call.url.pathname.replace(/^\/api/, '')}${call.url.search}`).sort();
}

const homeGets = [...HOME_EARLY_GETS].sort();

describe('startEarly', () => {
  it("asks for the price dashboard's first data on /home and /home/{slug} with a live session", async () => {
    localStorage.setItem(AUTH_TOKEN_KEY, makeToken({ sub: '1', role: 'user', exp: futureExp() }));
    startEarly('/home');
    await vi.waitFor(() => expect(sentPaths()).toEqual(homeGets));

    clearEarlyRequests();
    server.calls.length = 0;
    startEarly('/home/crude-watch');
    await vi.waitFor(() => expect(sentPaths()).toEqual(homeGets));
  });

  it('asks for nothing elsewhere, signed out, with an expired token, or for a restricted cliente', async () => {
    localStorage.setItem(AUTH_TOKEN_KEY, makeToken({ sub: '1', role: 'user', exp: futureExp() }));
    startEarly('/news');
    startEarly('/home/a/b');
    startEarly('/');
    localStorage.setItem(AUTH_TOKEN_KEY, makeToken({ sub: '1', role: 'user', exp: 1 }));
    startEarly('/home');
    localStorage.setItem(AUTH_TOKEN_KEY, makeToken({ sub: '2', role: 'Cliente', exp: futureExp() }));
    startEarly('/home');
    localStorage.removeItem(AUTH_TOKEN_KEY);
    startEarly('/home');
    // A live session's home last: once its requests are in, none of the others sent any.
    localStorage.setItem(AUTH_TOKEN_KEY, makeToken({ sub: '1', role: 'user', exp: futureExp() }));
    startEarly('/home');
    await vi.waitFor(() => expect(sentPaths()).toEqual(homeGets));
  });
});

describe('seesClientHome', () => {
  it('is true for a cliente only when not superadmin', () => {
    expect(seesClientHome({ role: ' CLIENTE ' })).toBe(true);
    expect(seesClientHome({ role: 'cliente', is_superadmin: true })).toBe(false);
    expect(seesClientHome({ role: 'user' })).toBe(false);
    expect(seesClientHome(null)).toBe(false);
  });
});

describe('guessLanguage', () => {
  it('takes the first language with texts, by its primary subtag', () => {
    expect(guessLanguage(['de-DE', 'es-MX', 'en'])).toBe('es');
    expect(guessLanguage(['EN-us'])).toBe('en');
    expect(guessLanguage(['es_AR'])).toBe('es');
    expect(guessLanguage(['fr', 'de'])).toBeNull();
    expect(guessLanguage(['constructor', 'toString'])).toBeNull();
  });
});

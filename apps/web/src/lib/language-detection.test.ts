import { afterEach, describe, expect, it, vi } from 'vitest';

// Which language a first visit shows: lib/i18n.ts detects it once, when it is imported. Each test
// prepares the browser (address, cookie, storage, browser languages, <html lang>), then imports a
// fresh copy of the module and reads the language it chose. The sources disagree in every test, so
// that reading them in another order, or skipping one, chooses another language.

interface Browser {
  search?: string;
  cookie?: string;
  stored?: string;
  session?: string;
  languages?: string[];
  language?: string;
  htmlLang?: string;
}

async function detect({ search = '', cookie, stored, session, languages = [], language = languages[0] ?? '', htmlLang = 'en' }: Browser) {
  // A detection stores its language (below): each call starts from an empty browser.
  localStorage.clear();
  sessionStorage.clear();
  clearCookie();
  window.history.replaceState(null, '', `/home${search}`);
  if (cookie) document.cookie = cookie;
  if (stored !== undefined) localStorage.setItem('i18nextLng', stored);
  if (session !== undefined) sessionStorage.setItem('i18nextLng', session);
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
  vi.spyOn(navigator, 'language', 'get').mockReturnValue(language);
  document.documentElement.lang = htmlLang;
  vi.resetModules();
  const i18n = await import('./i18n');
  return i18n.detectedLanguage();
}

function clearCookie() {
  document.cookie = 'i18next=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
}

afterEach(() => {
  clearCookie();
  window.history.replaceState(null, '', '/');
  document.documentElement.lang = 'en';
});

describe('the language of a first render', () => {
  it('is the ?lng= of the address before a cookie, a stored choice or the browser', async () => {
    expect(await detect({ search: '?lng=es', cookie: 'i18next=en', stored: 'en', languages: ['en'] })).toBe('es');
    expect(await detect({ search: '?a=1&lng=en', cookie: 'i18next=es', stored: 'es', languages: ['es'] })).toBe('en');
  });

  it('is the i18next cookie before a stored choice', async () => {
    expect(await detect({ cookie: 'i18next=es', stored: 'en', session: 'en', languages: ['en'] })).toBe('es');
    expect(await detect({ cookie: 'i18next=en', stored: 'es', languages: ['es'] })).toBe('en');
  });

  it('is the stored choice (localStorage i18nextLng) before the session and the browser languages', async () => {
    expect(await detect({ stored: 'es', session: 'en', languages: ['en-US', 'en'], htmlLang: 'en' })).toBe('es');
    expect(await detect({ stored: 'en', session: 'es', languages: ['es-ES', 'es'], htmlLang: 'es' })).toBe('en');
    // A stored regional code counts for its language.
    expect(await detect({ stored: 'es-MX', languages: ['en'] })).toBe('es');
  });

  it('is the session storage (i18nextLng) before the browser languages', async () => {
    expect(await detect({ session: 'es', languages: ['en'] })).toBe('es');
  });

  it('skips a source whose language is not offered and takes the next one', async () => {
    expect(await detect({ search: '?lng=fr', cookie: 'i18next=de', stored: 'it', session: 'pt', languages: ['es'] })).toBe('es');
  });

  it('is the first browser language offered, in the browser order, before <html lang>', async () => {
    expect(await detect({ languages: ['fr-FR', 'es-MX', 'en-US'], language: 'fr-FR', htmlLang: 'en' })).toBe('es');
    expect(await detect({ languages: ['de', 'en-GB', 'es'], language: 'de', htmlLang: 'es' })).toBe('en');
    // navigator.language comes after the whole navigator.languages list.
    expect(await detect({ languages: ['fr', 'es'], language: 'en', htmlLang: 'en' })).toBe('es');
    // Older browsers have navigator.language only.
    expect(await detect({ languages: [], language: 'es-AR', htmlLang: 'en' })).toBe('es');
  });

  it('takes a regional code for its language, in its place in the order', async () => {
    expect(await detect({ stored: 'es-CO', languages: ['en'] })).toBe('es');
    expect(await detect({ languages: ['en-AU', 'es'] })).toBe('en');
  });

  it('is <html lang> when nothing before it offers a language', async () => {
    expect(await detect({ languages: ['fr', 'de'], language: 'fr', htmlLang: 'es' })).toBe('es');
  });

  it('falls back to English when no source offers a language', async () => {
    expect(await detect({ search: '?lng=fr', cookie: 'i18next=de', stored: 'it', languages: ['pt-BR', 'ja'], htmlLang: 'ko' })).toBe('en');
    expect(await detect({ languages: [], language: '', htmlLang: '' })).toBe('en');
  });

  it('ignores a code that is not a language code (markup in the address)', async () => {
    expect(await detect({ search: '?lng=<b>es</b>', languages: ['en'] })).toBe('en');
    // A language followed by an escaped quote would pass as Spanish without that filter.
    expect(await detect({ search: '?lng=es-%22onmouseover', languages: ['en'] })).toBe('en');
  });

  it('keeps the detected language for the next visit in localStorage only', async () => {
    await detect({ search: '?lng=es', languages: ['en'] });
    expect(localStorage.getItem('i18nextLng')).toBe('es');
    expect(sessionStorage.getItem('i18nextLng')).toBeNull();
    expect(document.cookie).not.toContain('i18next=');
    expect(document.documentElement.lang).toBe('es');
  });
});

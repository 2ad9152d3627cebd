import { describe, expect, it } from 'vitest';
import i18n, { changeLanguage, initLanguage } from './i18n';

// The key the detector reads; other tabs and the e2e tests use it too.
const LANGUAGE_STORAGE_KEY = 'i18nextLng';

describe('language storage', () => {
  it('does not store the detected language over one chosen in another tab while the texts loaded', async () => {
    // The page detected English; its texts are still on their way when another tab switches to Spanish.
    const loading = initLanguage();
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'es');
    await expect(loading).resolves.toBe('en');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('es');
  });

  it('stores a choice as it is made, before its texts are loaded', async () => {
    const switching = changeLanguage('es');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('es');
    await switching;
    expect(i18n.resolvedLanguage).toBe('es');
  });

  it('ends on the last choice when two are made in a row', async () => {
    const first = changeLanguage('es');
    const second = changeLanguage('en');
    await Promise.all([first, second]);
    expect(i18n.resolvedLanguage).toBe('en');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
  });
});

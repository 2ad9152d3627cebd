import '@testing-library/jest-dom/vitest';
import { LANGUAGES } from '@fueldesk/contracts';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import i18n, { loadLanguage } from '@/lib/i18n';
import { maintenanceStore } from '@/lib/maintenance';
import { resetNotificationsCache } from '@/lib/notifications';
import { reloadSessionFromStorage } from '@/lib/auth-store';
import { stopMockApi } from '@/lib/testing/mock-api';
import { SETTLE_WAIT } from './waits';

const DEFAULT_WIDTH = 1024;

configure({ asyncUtilTimeout: SETTLE_WAIT.timeout });

// The app fetches one language's texts before its first render; tests switch languages with
// i18n.changeLanguage directly, so every language is there from the start.
await Promise.all(LANGUAGES.map((language) => loadLanguage(language)));

// jsdom has no layout: width queries are answered from window.innerWidth, which tests set.
function evaluateMediaQuery(query: string): boolean {
  const max = /max-width:\s*(\d+)px/.exec(query);
  if (max) return window.innerWidth <= Number(max[1]);
  const min = /min-width:\s*(\d+)px/.exec(query);
  if (min) return window.innerWidth >= Number(min[1]);
  return false;
}

// The prerender test runs in the node environment, as the build does: no DOM to prepare there.
const hasDom = typeof window !== 'undefined';

if (hasDom) {
  window.matchMedia = (query: string): MediaQueryList => ({
    media: query,
    get matches() {
      return evaluateMediaQuery(query);
    },
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  });

  window.scrollTo = () => undefined;
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

afterEach(() => {
  if (!hasDom) return;
  cleanup();
  stopMockApi();
  localStorage.clear();
  sessionStorage.clear();
  document.documentElement.className = '';
  document.body.style.overflow = '';
  window.innerWidth = DEFAULT_WIDTH;
  maintenanceStore.set(false);
  resetNotificationsCache();
  reloadSessionFromStorage();
});

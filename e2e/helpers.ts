import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Mobile and desktop widths every journey checks. */
export const viewports = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 390, height: 844 },
} as const;

/** Collects console errors and page errors so a journey can assert there were none. */
export function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Fails on any serious or critical axe violation. */
export async function expectNoSeriousA11yViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
  expect(serious.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

/**
 * Waits until React owns the page's <h1>: a prerendered page shows before its code runs, and its
 * buttons answer only after hydration.
 */
export async function waitForApp(page: Page) {
  await expect
    .poll(() => page.evaluate(() => Object.keys(document.querySelector('h1') ?? {}).some((key) => key.startsWith('__reactFiber'))))
    .toBe(true);
}

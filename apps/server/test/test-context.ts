import { afterAll, afterEach, beforeAll, onTestFinished } from 'vitest';
import { createTestContext, type TestContext, type TestContextOptions } from './build-test-app';

/**
 * One test context for the file (or the describe block it is called in): built before its tests,
 * closed after them, its clock put back after each test. Read it only inside tests and hooks.
 *
 * Options that need something started first (a stub server's URL, a web build) are given as a
 * function, called when the context is built: call useTestContext after the hooks that start the
 * stub, so the context is built after it and closed before it (after-hooks run in reverse order).
 * Likewise an afterAll registered after useTestContext runs before the context closes.
 */
export function useTestContext(options?: TestContextOptions | (() => TestContextOptions)): TestContext {
  let current: TestContext | null = null;
  beforeAll(async () => {
    current = await createTestContext(typeof options === 'function' ? options() : options);
  });
  afterAll(async () => {
    await current?.close();
  });
  afterEach(() => current?.setNow(null));
  return new Proxy({} as TestContext, {
    get(_target, key) {
      if (!current) throw new Error('useTestContext: the test context is read before beforeAll built it');
      const value: unknown = Reflect.get(current, key);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(current) : value;
    },
  });
}

/**
 * A context of the test's own, for a test that needs settings no other test shares (an upload limit,
 * a stub's URL, a fresh audit chain, an empty database): call it inside the test; it is closed when
 * the test finishes, passed or failed. Finish-hooks run in reverse order, so a stub the context uses
 * is closed after it when its `onTestFinished(() => stub.close())` comes before this call.
 */
export async function openTestContext(options?: TestContextOptions): Promise<TestContext> {
  const context = await createTestContext(options);
  onTestFinished(() => context.close());
  return context;
}

import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/lib/i18n';
import { formatDay, prepareDayFormat } from './format';

afterEach(() => {
  vi.useRealTimers();
});

describe('prepareDayFormat', () => {
  it('builds the date formatter in an idle moment, so that showing a date builds none', async () => {
    await i18n.changeLanguage('es');
    vi.useFakeTimers();
    const built = vi.spyOn(Intl, 'DateTimeFormat');
    prepareDayFormat('short');
    expect(built).not.toHaveBeenCalled(); // not in the render that asked for it
    await vi.runAllTimersAsync();
    expect(built).toHaveBeenCalledTimes(1);
    expect(formatDay('2026-11-25', 'short')).toBe('25/11/26');
    expect(built).toHaveBeenCalledTimes(1);
  });

  it("builds another language's formatter when the language changed since", async () => {
    await i18n.changeLanguage('en');
    vi.useFakeTimers();
    prepareDayFormat('long');
    await vi.runAllTimersAsync();
    await i18n.changeLanguage('es');
    expect(formatDay('2026-11-25', 'long')).toBe('25 de noviembre de 2026');
  });
});

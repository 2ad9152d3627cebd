import { SUBMENU_SAVE_DEBOUNCE_MS } from '@fueldesk/contracts';
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CUSTOM_SUBMENUS_KEY, readCustomSubmenus, useCustomSubmenus } from './use-custom-submenus';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('useCustomSubmenus', () => {
  it(`writes to localStorage once, ${SUBMENU_SAVE_DEBOUNCE_MS} ms after the last change`, () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    const { result } = renderHook(() => useCustomSubmenus());

    act(() => {
      result.current.addItem('home', { title: 'One' });
    });
    vi.advanceTimersByTime(SUBMENU_SAVE_DEBOUNCE_MS - 10);
    act(() => {
      result.current.addItem('bank', { title: 'Two' });
    });
    vi.advanceTimersByTime(SUBMENU_SAVE_DEBOUNCE_MS - 1);
    expect(localStorage.getItem(CUSTOM_SUBMENUS_KEY)).toBeNull();

    vi.advanceTimersByTime(1);
    const writes = setItem.mock.calls.filter(([key]) => key === CUSTOM_SUBMENUS_KEY);
    expect(writes).toHaveLength(1);
    expect(readCustomSubmenus()).toEqual({
      home: [expect.objectContaining({ title: 'One', type: 'summary' })],
      bank: [expect.objectContaining({ title: 'Two' })],
    });
  });

  it('flushes a pending write on unmount', () => {
    const { result, unmount } = renderHook(() => useCustomSubmenus());
    act(() => {
      result.current.addItem('news', { title: 'Rules', category: 'regulation' });
    });
    expect(localStorage.getItem(CUSTOM_SUBMENUS_KEY)).toBeNull();
    unmount();
    expect(readCustomSubmenus().news).toEqual([expect.objectContaining({ title: 'Rules', category: 'regulation' })]);
  });

  it('keeps valid stored items and drops damaged ones', () => {
    localStorage.setItem(
      CUSTOM_SUBMENUS_KEY,
      JSON.stringify({ home: [{ id: 'a', title: 'Ok' }, { id: 'b' }, 'junk'], unknown: [{ id: 'c', title: 'X' }], bank: 'no' }),
    );
    expect(readCustomSubmenus()).toEqual({ home: [{ id: 'a', title: 'Ok' }] });
    localStorage.setItem(CUSTOM_SUBMENUS_KEY, '{not json');
    expect(readCustomSubmenus()).toEqual({});
  });

  it('returns the rule a refused change broke', () => {
    const { result } = renderHook(() => useCustomSubmenus());
    let outcome: ReturnType<typeof result.current.addItem> | undefined;
    act(() => {
      outcome = result.current.addItem('marketPrice', { title: 'Mine' });
    });
    expect(outcome).toEqual({ ok: false, error: 'CATEGORY_REQUIRED' });
    expect(result.current.state.marketPrice).toBeUndefined();
  });
});

import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { deferredModule, useEscapeCancels } from './deferred-module';

describe('deferredModule', () => {
  it('asks for its module once, remembers it, and asks again after a failure', async () => {
    const load = vi.fn<() => Promise<{ value: number }>>().mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ value: 1 });
    const module = deferredModule(load);
    await expect(module.load()).rejects.toThrow('offline');
    expect(module.loaded).toBeNull();
    const [first, second] = await Promise.all([module.load(), module.load()]);
    expect(first).toBe(second);
    expect(module.loaded).toEqual({ value: 1 });
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('useEscapeCancels', () => {
  it('calls a waiting press off on Escape, and listens only while one waits', () => {
    const cancel = vi.fn();
    const { rerender, unmount } = renderHook(({ pending }) => useEscapeCancels(pending, cancel), { initialProps: { pending: false } });
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    expect(cancel).not.toHaveBeenCalled();
    rerender({ pending: true });
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }));
    expect(cancel).not.toHaveBeenCalled();
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    expect(cancel).toHaveBeenCalledTimes(1);
    unmount();
    document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
    expect(cancel).toHaveBeenCalledTimes(1);
  });
});

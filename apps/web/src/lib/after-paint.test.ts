import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint, afterPaintWhenIdle } from './after-paint';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** A browser whose frames the test draws by hand. */
function stubFrames() {
  const frames: FrameRequestCallback[] = [];
  vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
  vi.stubGlobal('cancelAnimationFrame', (id: number) => {
    frames[id - 1] = () => undefined;
  });
  return { paint: () => frames.splice(0).forEach((frame) => frame(performance.now())) };
}

describe('afterNextPaint', () => {
  it('runs in a task after the next frame, once, and not before it', () => {
    vi.useFakeTimers();
    const browser = stubFrames();
    const callback = vi.fn();
    afterNextPaint(callback);
    vi.advanceTimersByTime(50);
    expect(callback).not.toHaveBeenCalled();
    browser.paint();
    expect(callback).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(callback).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1_000);
    expect(callback).toHaveBeenCalledTimes(1);
  });

  it('goes on after the fallback where no frame comes (a hidden tab), and can be cancelled', () => {
    vi.useFakeTimers();
    stubFrames();
    const hidden = vi.fn();
    afterNextPaint(hidden, 200);
    vi.advanceTimersByTime(199);
    expect(hidden).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(hidden).toHaveBeenCalledTimes(1);

    const browser = stubFrames();
    const cancelled = vi.fn();
    const cancel = afterNextPaint(cancelled);
    cancel();
    browser.paint();
    vi.advanceTimersByTime(1_000);
    expect(cancelled).not.toHaveBeenCalled();
  });

  it('afterPaintWhenIdle waits for the paint, then for an idle moment (at most the timeout)', () => {
    vi.useFakeTimers();
    const browser = stubFrames();
    const idle: { callback: () => void; timeout?: number }[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: () => void, options?: { timeout?: number }) => idle.push({ callback, timeout: options?.timeout }));
    vi.stubGlobal('cancelIdleCallback', (id: number) => {
      idle[id - 1] = { callback: () => undefined };
    });
    const callback = vi.fn();
    afterPaintWhenIdle(callback, 800);
    expect(idle).toHaveLength(0);
    browser.paint();
    vi.advanceTimersByTime(0);
    expect(idle).toEqual([{ callback: expect.any(Function), timeout: 800 }]);
    expect(callback).not.toHaveBeenCalled();
    idle[0].callback();
    expect(callback).toHaveBeenCalledTimes(1);

    const cancelled = vi.fn();
    const cancel = afterPaintWhenIdle(cancelled);
    browser.paint();
    vi.advanceTimersByTime(0);
    cancel();
    idle[1].callback();
    expect(cancelled).not.toHaveBeenCalled();
  });
});


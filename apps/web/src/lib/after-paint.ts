/**
 * Runs `callback` in a task after the browser has painted the next frame (what was just committed),
 * or after `fallbackMs` where no frame comes (a hidden tab paints nothing). Returns a cancel function.
 * For work that the page's first paint should not wait for, nor share its frame with.
 */
export function afterNextPaint(callback: () => void, fallbackMs = 200): () => void {
  let done = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    if (done) return;
    done = true;
    clearTimeout(fallback);
    callback();
  };
  const frame = typeof requestAnimationFrame === 'function' ? requestAnimationFrame(() => (timer = setTimeout(run, 0))) : undefined;
  const fallback = setTimeout(run, fallbackMs);
  return () => {
    done = true;
    if (frame !== undefined) cancelAnimationFrame(frame);
    clearTimeout(timer);
    clearTimeout(fallback);
  };
}

/**
 * Runs `callback` once the next frame is painted and the browser then has nothing more urgent to
 * do (requestIdleCallback, at most `timeoutMs` later): for bookkeeping a freshly shown page does on
 * mount (the session's first ping, its event stream), which should neither delay nor share the
 * page's first frames. Returns a cancel function.
 */
export function afterPaintWhenIdle(callback: () => void, timeoutMs = 1_000): () => void {
  let cancelIdle: () => void = () => undefined;
  const cancelPaint = afterNextPaint(() => {
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(() => callback(), { timeout: timeoutMs });
      cancelIdle = () => cancelIdleCallback(id);
    } else {
      const timer = setTimeout(callback, 0);
      cancelIdle = () => clearTimeout(timer);
    }
  });
  return () => {
    cancelPaint();
    cancelIdle();
  };
}

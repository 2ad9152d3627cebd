import './styles.css';

/**
 * Resolves once the browser has painted what the server sent (a prerendered page or the boot
 * splash). A hidden tab paints nothing, so a timer stands in for the frame there.
 */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, 200);
  });
}

// The app's code (~150 KB compressed) is fetched only after the first paint: on a slow phone link
// the HTML and the stylesheet get the bandwidth first, so the page shows before the script arrives.
await afterFirstPaint();
const RETRY_KEY = 'fueldesk:boot-retry';

/** The app's code; null when it could not be loaded and the page is being loaded again. */
async function loadApp(): Promise<typeof import('./boot') | null> {
  try {
    const app = await import('./boot');
    sessionStorage.removeItem(RETRY_KEY);
    return app;
  } catch (error) {
    // The app's files changed under this page (a deploy) or the link dropped: the page would stay
    // as the server sent it, forms disabled. Load it again, once.
    if (sessionStorage.getItem(RETRY_KEY) !== null) throw error;
    sessionStorage.setItem(RETRY_KEY, '1');
    window.location.reload();
    return null;
  }
}

await (await loadApp())?.startApp();

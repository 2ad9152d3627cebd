import { setNonce } from 'get-nonce';
import { startEarly } from './app/early-start';
import { afterNextPaint } from './lib/after-paint';
import './styles.css';

// The server's CSP allows no inline style but one with this answer's nonce: goober (the toasts'
// styles) puts window.__nonce__ on the style element it writes, and the dialogs' scroll lock
// (react-remove-scroll, under Radix Dialog) takes it from get-nonce.
const styleNonce = document.querySelector<HTMLMetaElement>('meta[name="csp-style-nonce"]')?.content;
if (styleNonce) {
  (window as Window & { __nonce__?: string }).__nonce__ = styleNonce;
  setNonce(styleNonce);
}

// The app's code is fetched only after the first paint (what the server sent: a
// prerendered page or the boot splash): on a slow phone link the HTML and the stylesheet get the
// bandwidth first, so the page shows before the script arrives. A hidden tab paints nothing:
// afterNextPaint goes on after 200 ms there.
await new Promise<void>((resolve) => afterNextPaint(resolve));
const RELOADED_AT_KEY = 'fueldesk:boot-reloaded-at';

/** Whether to load the page again after its app failed to load: once, not in a loop. */
function claimReload(): boolean {
  try {
    // Web Storage can throw (disabled storage); then the failure stands, without a reload.
    const last = Number(sessionStorage.getItem(RELOADED_AT_KEY));
    if (Date.now() - last < 30_000) return false;
    sessionStorage.setItem(RELOADED_AT_KEY, String(Date.now()));
    return true;
  } catch {
    return false;
  }
}

/** The app's code; null when it could not be loaded and the page is being loaded again. */
async function loadApp(): Promise<typeof import('./boot') | null> {
  try {
    return await import('./boot');
  } catch (error) {
    // The app's files changed under this page (a deploy) or the link dropped: the page would stay
    // as the server sent it, forms disabled. Load it again, once.
    if (!claimReload()) throw error;
    window.location.reload();
    return null;
  }
}

const app = loadApp();
// Then the signed-in home's code, texts and first data, while the framework downloads: asked for
// after it, so that it is not queued behind them, and in a task of their own (app/early-start.ts).
setTimeout(() => startEarly(window.location.pathname, window.location.search), 0);
await (await app)?.startApp();

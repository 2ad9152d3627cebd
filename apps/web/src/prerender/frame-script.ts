import { FALLBACK_LANGUAGE, LANGUAGES, MOBILE_BREAKPOINT_PX } from '@fueldesk/contracts';
import { LOOKUP_STORAGE } from '@/lib/language-detector';
import { AUTH_TOKEN_KEY } from '@/lib/session-token';
import { DARK_MODE_KEY } from '@/lib/theme';

/** The attribute of a frame's <template>: the roles (token claims) it was drawn for, space-separated. */
export const FRAME_ROLES_ATTRIBUTE = 'data-frame-roles';
/** Set on #root by the script when it has put a frame there (what the app's start then replaces). */
export const FRAME_SHOWN_ATTRIBUTE = 'data-frame';
/** Marks the script element, for the server to give it the answer's CSP nonce (plugins/static-web.ts). */
export const FRAME_SCRIPT_ATTRIBUTE = 'data-frame-script';

/**
 * The inline script of a signed-in page's HTML, run by the parser right after #root and before the
 * first paint: with a live session in localStorage (the server cannot tell one: the session is not a
 * cookie), on a phone's screen, in the language the app will pick (the one the frame is written
 * in), it puts the frame drawn for the token's role (a <template> of the page, no user data) in
 * place of the boot splash and applies the stored theme; otherwise it does nothing, and a
 * signed-out visitor sees the splash until the app sends them to /login. The app then renders over
 * the frame (app/boot.tsx). Plain ES2017 and self-contained: it runs before any of the app's code.
 * The frame is inert: what is typed into it would be lost when the app replaces it.
 * The language is guessed as the entry script guesses it (lib/language-detector.ts guessLanguageCodes:
 * ?lng=, the stored choice, the browser's languages), without the cookie and sessionStorage reads,
 * each a synchronous trip to the browser's other processes before the first paint (the app sets
 * neither). A role without a template (cliente) gets no frame.
 */
export const FRAME_SCRIPT = `(function () {
  try {
    var root = document.getElementById('root');
    var store = window.localStorage;
    var token = store.getItem(${JSON.stringify(AUTH_TOKEN_KEY)});
    if (!root || !token || !window.matchMedia('(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)').matches) return;
    var claims = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')));
    if (typeof claims.exp === 'number' && claims.exp * 1000 <= Date.now()) return;
    var role = claims.is_superadmin === true ? 'superadmin' : String(claims.role || '').trim().toLowerCase();
    var supported = ${JSON.stringify([...LANGUAGES])};
    var candidates = [new URLSearchParams(location.search).get('lng'), store.getItem(${JSON.stringify(LOOKUP_STORAGE)})].concat(navigator.languages || [navigator.language]);
    var language = ${JSON.stringify(FALLBACK_LANGUAGE)};
    for (var i = 0; i < candidates.length; i++) {
      var code = String(candidates[i] || '').toLowerCase().split(/[-_]/)[0];
      if (supported.indexOf(code) >= 0) { language = code; break; }
    }
    if (language !== document.documentElement.lang) return;
    if (!/^[a-z]+$/.test(role)) return;
    var frame = document.querySelector('template[${FRAME_ROLES_ATTRIBUTE}~="' + role + '"]');
    if (!frame) return;
    var dark = store.getItem(${JSON.stringify(DARK_MODE_KEY)});
    document.documentElement.classList.toggle('dark', dark === 'true' || (dark !== 'false' && window.matchMedia('(prefers-color-scheme: dark)').matches));
    var content = frame.content.cloneNode(true);
    // A picture until the app takes over: nothing in it can be focused or typed into, and lost.
    for (var j = 0; j < content.children.length; j++) content.children[j].setAttribute('inert', '');
    root.replaceChildren(content);
    root.setAttribute(${JSON.stringify(FRAME_SHOWN_ATTRIBUTE)}, role);
  } catch (error) {
    // Storage disabled, a malformed token: the page goes on with the splash.
  }
})();`;

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FRAME_SCRIPT } from './frame-script';

const SPLASH = '<div class="boot-splash" aria-hidden="true">FuelDesk</div>';

/** A JWT-shaped token with these claims (the script reads them, never checks the signature). */
function tokenWith(claims: object): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${encode({ alg: 'HS256' })}.${encode(claims)}.signature`;
}
const live = (claims: object = { role: 'admin' }) => tokenWith({ exp: Math.floor(Date.now() / 1000) + 600, ...claims });

/** The page as the server sends it: the frames' templates, #root with the splash, then the script. */
function loadPage({ phone = true, systemDark = false, lang = 'en' } = {}): string {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('max-width') ? phone : query.includes('dark') ? systemDark : false }));
  document.documentElement.lang = lang;
  document.documentElement.className = '';
  document.body.innerHTML =
    '<template data-frame-roles="admin superadmin"><div class="layout"><h1>Admin frame</h1></div></template>' +
    '<template data-frame-roles="user"><div class="layout"><h1>User frame</h1></div></template>' +
    `<div id="root">${SPLASH}</div>`;
  new Function(FRAME_SCRIPT)();
  return document.getElementById('root')!.innerHTML;
}

describe('FRAME_SCRIPT', () => {
  beforeEach(() => {
    localStorage.clear();
    sessionStorage.clear();
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US', 'en']);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("shows the frame of the live session's role, inert, and marks #root", () => {
    localStorage.setItem('authToken', live({ role: 'Admin' }));
    expect(loadPage()).toBe('<div class="layout" inert=""><h1>Admin frame</h1></div>');
    expect(document.getElementById('root')!.dataset.frame).toBe('admin');
    localStorage.setItem('authToken', live({ role: 'user' }));
    expect(loadPage()).toContain('User frame');
    localStorage.setItem('authToken', live({ role: 'user', is_superadmin: true }));
    expect(loadPage()).toContain('Admin frame');
  });

  it('leaves the splash to a visitor without a live session: signed out, expired token, refresh token only, malformed token', () => {
    expect(loadPage()).toBe(SPLASH);
    localStorage.setItem('refresh_token', 'r');
    expect(loadPage()).toBe(SPLASH);
    localStorage.setItem('authToken', tokenWith({ role: 'admin', exp: Math.floor(Date.now() / 1000) - 1 }));
    expect(loadPage()).toBe(SPLASH);
    localStorage.setItem('authToken', 'not-a-token');
    expect(loadPage()).toBe(SPLASH);
    expect(document.getElementById('root')!.dataset.frame).toBeUndefined();
  });

  it('leaves the splash to a role without a frame and to a wider screen than a phone', () => {
    localStorage.setItem('authToken', live({ role: 'cliente' }));
    expect(loadPage()).toBe(SPLASH);
    localStorage.setItem('authToken', live({ role: 'admin"] , template[data-frame-roles~="user' }));
    expect(loadPage()).toBe(SPLASH);
    localStorage.setItem('authToken', live({ role: 'admin' }));
    expect(loadPage({ phone: false })).toBe(SPLASH);
  });

  it("shows the frame only when the app will pick the frame's language", () => {
    localStorage.setItem('authToken', live());
    expect(loadPage({ lang: 'es' })).toBe(SPLASH);
    localStorage.setItem('i18nextLng', 'es');
    expect(loadPage({ lang: 'es' })).toContain('Admin frame');
    expect(loadPage({ lang: 'en' })).toBe(SPLASH);
    localStorage.removeItem('i18nextLng');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-FR', 'es-MX', 'en']);
    expect(loadPage({ lang: 'es' })).toContain('Admin frame');
    window.history.replaceState(null, '', '/releases?lng=en');
    expect(loadPage({ lang: 'es' })).toBe(SPLASH);
    window.history.replaceState(null, '', '/');
  });

  it('applies the stored theme, else the system one, before the frame is painted', () => {
    localStorage.setItem('authToken', live());
    loadPage({ systemDark: true });
    expect(document.documentElement.classList.contains('dark')).toBe(true);
    localStorage.setItem('darkMode', 'false');
    loadPage({ systemDark: true });
    expect(document.documentElement.classList.contains('dark')).toBe(false);
    localStorage.setItem('darkMode', 'true');
    loadPage();
    expect(document.documentElement.classList.contains('dark')).toBe(true);
  });
});

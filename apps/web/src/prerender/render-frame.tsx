import { LANGUAGES, MOBILE_BREAKPOINT_PX, escapeHtml, type Language } from '@fueldesk/contracts';
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders, createQueryClient } from '@/app/providers';
import { resolveProtectedRedirect } from '@/app/route-access';
import { routes } from '@/app/router';
import { signedInPages } from '@/app/signed-in-pages';
import { sessionStore } from '@/lib/auth-store/store';
import { changeLanguage } from '@/lib/i18n';
import { setServerMediaQueries } from '@/lib/use-media-query';
import { FRAME_ROLES_ATTRIBUTE, FRAME_SCRIPT, FRAME_SCRIPT_ATTRIBUTE } from './frame-script';
import { routeTitle } from './render-page';

// The signed-in pages' frames: each page as a phone first shows it (header, heading, intro, forms,
// the data's loading states; the sidebar is a closed drawer there), written at build time per
// language and per role, with no user in it. The server sends a page's frames in its HTML
// (plugins/static-web.ts) and the inline script (frame-script.ts) shows the right one before the
// first paint when the browser holds a live session, so a phone paints the page's largest text
// from the HTML and the stylesheet instead of after the app's ~200 KiB of JavaScript.

/** Every signed-in path without a parameter (the home and app/signed-in-pages.ts's routes). */
export const framePaths: readonly string[] = ['/home', ...Object.keys(signedInPages).filter((path) => !path.includes(':')).map((path) => `/${path}`)];

/** The token claims a frame is drawn for (frame-script.ts reads the same from the stored token). */
const FRAME_ROLES = [
  { name: 'admin', claims: { role: 'admin', is_superadmin: false } },
  { name: 'user', claims: { role: 'user', is_superadmin: false } },
  { name: 'superadmin', claims: { role: 'admin', is_superadmin: true } },
] as const;

/** A token the session store decodes for its role, signed by nobody and never sent. */
function frameToken(claims: object): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${encode({ alg: 'none' })}.${encode(claims)}.frame`;
}

/**
 * The frame without its CSS animations (the loading states' spinners and placeholders): a picture
 * until the app's own render, which animates its loading states again. On a phone's two cores a
 * spinner under the header's backdrop blur kept the compositor busy while the app's code evaluated
 * (its tasks grew and TBT with them, paired Lighthouse runs).
 */
export function stillPicture(html: string): string {
  return withoutStyleAttributes(html).replace(/(class="[^"]*?)\s*\banimate-(?:spin|pulse)\b/g, '$1');
}

/**
 * The frame without style attributes: the page's CSP allows styles by nonce only (no
 * 'unsafe-inline'), so the browser refuses each one and logs an error (the admin tabs' panel
 * carries outline:none and animation-duration:0s, which change no layout). React escapes quotes
 * in text, so ` style="` can only open an attribute.
 */
export function withoutStyleAttributes(html: string): string {
  return html.replace(/ style="[^"]*"/g, '');
}

export interface RenderedFrames {
  pathname: string;
  language: Language;
  title: string;
  /** The page's markup, each with the roles it was drawn for (identical drawings share one). */
  frames: { roles: string[]; html: string }[];
}

/** Renders `pathname` as each role would first see it on a phone, in `language`, with no user. */
export async function renderFrames(pathname: string, language: Language): Promise<RenderedFrames> {
  await changeLanguage(language);
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(pathname, 'http://prerender.invalid')));
  if (context instanceof Response || context.statusCode !== 200 || context.errors) throw new Error(`${pathname} did not render: ${context instanceof Response ? context.status : `${context.statusCode} ${String(Object.values(context.errors ?? {})[0])}`}`);
  const phone = `(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`;
  setServerMediaQueries((query) => query === phone);
  const frames: RenderedFrames['frames'] = [];
  try {
    for (const { name, claims } of FRAME_ROLES) {
      const access = { isAuthenticated: true, signOutReason: null, role: claims.role, isSuperadmin: claims.is_superadmin };
      if (resolveProtectedRedirect({ pathname, search: '' }, access) !== null) continue;
      sessionStore.set({ token: frameToken(claims), user: null, restoring: false, endReason: null });
      const router = createStaticRouter(handler.dataRoutes, context);
      const rendered = renderToString(
        <StrictMode>
          <AppProviders queryClient={createQueryClient()}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </AppProviders>
        </StrictMode>,
      );
      const html = stillPicture(rendered);
      const same = frames.find((frame) => frame.html === html);
      if (same) same.roles.push(name);
      else frames.push({ roles: [name], html });
    }
  } finally {
    setServerMediaQueries(() => false);
    sessionStore.set({ token: null, user: null, restoring: false, endReason: null });
  }
  return { pathname, language, title: routeTitle(context, pathname), frames };
}

/** The languages each path's frames are written in. */
export const frameLanguages: readonly Language[] = LANGUAGES;

/**
 * The built index.html with a page's frames: `lang` and the title set, each frame a <template>
 * before #root (the boot splash stays: it is what a visitor without a session sees), and the
 * script that picks one right after #root.
 */
export function injectFrames(template: string, rendered: RenderedFrames): string {
  const root = /<div id="root">[\s\S]*<\/div>(?=\s*<\/body>)/;
  if (!root.test(template)) throw new Error('index.html has no <div id="root"> closing the body');
  if (!/<html lang="[^"]*"/.test(template) || !/<title>[^<]*<\/title>/.test(template)) throw new Error('index.html has no <html lang> or <title>');
  const templates = rendered.frames
    .map((frame) => `<template ${FRAME_ROLES_ATTRIBUTE}="${escapeHtml(frame.roles.join(' '))}">${frame.html}</template>`)
    .join('');
  return template
    .replace(/<html lang="[^"]*"/, `<html lang="${rendered.language}"`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(rendered.title)}</title>`)
    .replace(root, (found) => `${templates}${found}<script ${FRAME_SCRIPT_ATTRIBUTE}>${FRAME_SCRIPT}</script>`);
}

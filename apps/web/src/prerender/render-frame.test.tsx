// @vitest-environment node
// Runs where the build's prerender step runs: in Node, with no window, document or storage.
import { describe, expect, it } from 'vitest';
import { FRAME_SCRIPT } from './frame-script';
import { framePaths, injectFrames, renderFrames, stillPicture, withoutStyleAttributes } from './render-frame';

const template = `<!doctype html>
<html lang="en">
  <head>
    <title>FuelDesk</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="root"><div class="boot-splash" aria-hidden="true">FuelDesk</div></div>
  </body>
</html>
`;

describe('renderFrames', () => {
  it('draws a signed-in page as a phone shows it: header with the drawer button, heading, intro, no sidebar, no user', async () => {
    const rendered = await renderFrames('/due-diligence/watchlist', 'en');
    expect(rendered.title).toBe('FuelDesk - Counterparty watchlist');
    expect(rendered.frames).toHaveLength(1);
    expect(rendered.frames[0].roles).toEqual(['admin', 'user', 'superadmin']);
    const { html } = rendered.frames[0];
    expect(html).toMatch(/<h1[^>]*>Counterparty watchlist<\/h1>/);
    expect(html).toContain('aria-label="Open side menu"');
    expect(html).toContain('Counterparties you watch are screened');
    expect(html).not.toContain('<nav'); // the sidebar is a closed drawer on a phone
    expect(html).not.toMatch(/@fueldesk\.demo|Demo /);
    // Its loading state is there, standing still.
    expect(html).toMatch(/role="status"/);
    expect(html).not.toMatch(/animate-(spin|pulse)/);
  });

  it('stops only the animation classes', () => {
    expect(stillPicture('<span class="inline-block animate-spin rounded-full"></span><div class="animate-pulse h-4"></div><p>animate-spin</p>')).toBe(
      '<span class="inline-block rounded-full"></span><div class=" h-4"></div><p>animate-spin</p>',
    );
  });

  it('carries no style attribute, which the CSP refuses (the admin tabs write two)', async () => {
    expect(withoutStyleAttributes('<div role="tabpanel" style="animation-duration:0s" tabindex="0"><p>a style=&quot;x&quot;</p></div>')).toBe(
      '<div role="tabpanel" tabindex="0"><p>a style=&quot;x&quot;</p></div>',
    );
    const sessions = await renderFrames('/admin/sessions', 'en');
    expect(sessions.frames.length).toBeGreaterThan(0);
    for (const frame of sessions.frames) {
      expect(frame.html).toContain('role="tabpanel"');
      expect(frame.html).not.toMatch(/\sstyle=/);
    }
  });

  it('writes the frame in the language asked for', async () => {
    const rendered = await renderFrames('/due-diligence/watchlist', 'es');
    expect(rendered.language).toBe('es');
    expect(rendered.frames[0].html).toContain('aria-label="Abrir menú lateral"');
    expect(rendered.frames[0].html).not.toContain('Counterparties you watch');
  });

  it("draws a page per role when the roles see it differently, and none for a role the page sends away", async () => {
    const releases = await renderFrames('/releases', 'en');
    expect(releases.frames.map((frame) => frame.roles)).toEqual([['admin', 'superadmin'], ['user']]);
    expect(releases.frames[0].html).toContain('Only administrators');
    expect(releases.frames[1].html).not.toContain('Only administrators');
    const audit = await renderFrames('/admin/audit', 'en');
    expect(audit.frames.flatMap((frame) => frame.roles)).toEqual(['admin', 'superadmin']);
  });

  it('covers every signed-in page without a parameter', () => {
    expect(framePaths).toEqual(expect.arrayContaining(['/home', '/news', '/releases', '/due-diligence/screening', '/admin/sessions']));
    expect(framePaths.some((path) => path.includes(':'))).toBe(false);
  });
});

describe('injectFrames', () => {
  const rendered = {
    pathname: '/releases',
    language: 'es' as const,
    title: 'FuelDesk - Versiones & "notas"',
    frames: [
      { roles: ['admin', 'superadmin'], html: '<main>admin $&</main>' },
      { roles: ['user'], html: '<main>user</main>' },
    ],
  };

  it('keeps the splash in #root, puts each frame in a template before it and the picking script after it', () => {
    const html = injectFrames(template, rendered);
    expect(html).toContain('<html lang="es">');
    expect(html).toContain('<title>FuelDesk - Versiones &amp; &quot;notas&quot;</title>');
    expect(html).toContain(
      '<template data-frame-roles="admin superadmin"><main>admin $&</main></template><template data-frame-roles="user"><main>user</main></template>' +
        '<div id="root"><div class="boot-splash" aria-hidden="true">FuelDesk</div></div>' +
        `<script data-frame-script>${FRAME_SCRIPT}</script>`,
    );
  });

  it('fails loudly on a template without #root', () => {
    expect(() => injectFrames('<html lang="en"><title>x</title><body></body></html>', rendered)).toThrow(/root/);
  });
});

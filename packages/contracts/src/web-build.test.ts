import { describe, expect, it } from 'vitest';
import { isAppPath, prerenderedPagePath, signedInFramePath } from './web-build';

describe('prerenderedPagePath', () => {
  it.each([
    ['/', 'pages/index.html'],
    ['/login', 'pages/login.html'],
    ['/login/', 'pages/login.html'],
    ['/Policy/Terms', 'pages/Policy/Terms.html'],
    ['/Policy/RefundAndCancellation-Policy', 'pages/Policy/RefundAndCancellation-Policy.html'],
  ])('%s → %s', (pathname, file) => {
    expect(prerenderedPagePath(pathname)).toBe(file);
  });

  it.each(['', 'login', '/index', '/index/', '/../secret', '/pages/../../etc/passwd', '/%2e%2e/x', '/login.html', '/a//b', '/caf\u00e9', '/a b'])(
    'refuses %j',
    (pathname) => {
      expect(prerenderedPagePath(pathname)).toBeNull();
    },
  );
});

describe('signedInFramePath', () => {
  it('puts a page\'s frames under frames/<language>/, refusing what prerenderedPagePath refuses and odd languages', () => {
    expect(signedInFramePath('/home', 'en')).toBe('frames/en/home.html');
    expect(signedInFramePath('/due-diligence/watchlist/', 'es')).toBe('frames/es/due-diligence/watchlist.html');
    expect(signedInFramePath('/../secret', 'en')).toBeNull();
    expect(signedInFramePath('/home', '../x')).toBeNull();
    expect(signedInFramePath('/home', 'EN')).toBeNull();
  });
});

describe('isAppPath', () => {
  it.each(['/', '/login', '/login/', '/policy/terms', '/news/42', '/news/id/7', '/bank/send-email/3', '/marketprice/jet', '/x/verify-email/tok'])('%s is a page', (pathname) => {
    expect(isAppPath(pathname)).toBe(true);
  });

  it.each(['/nope', '/Policy/Nope', '/news/id/1/2', '/home/a/b', '/admin', '/loginx'])('%s is not', (pathname) => {
    expect(isAppPath(pathname)).toBe(false);
  });
});

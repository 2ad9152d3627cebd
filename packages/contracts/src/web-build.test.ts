import { describe, expect, it } from 'vitest';
import { prerenderedPagePath } from './web-build';

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

import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '@/app/providers';
import { routes } from '@/app/router';
import { AUTH_TOKEN_KEY, USER_KEY, type SessionUser } from '@/lib/auth-storage';
import { reloadSessionFromStorage } from '@/lib/auth-store';

function encodeSegment(value: object): string {
  const bytes = new TextEncoder().encode(JSON.stringify(value));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** An unsigned JWT-shaped token; the browser never verifies signatures. */
export function makeToken(payload: Record<string, unknown>): string {
  return `${encodeSegment({ alg: 'HS256', typ: 'JWT' })}.${encodeSegment(payload)}.signature`;
}

export function futureExp(seconds = 900): number {
  return Math.floor(Date.now() / 1000) + seconds;
}

export interface SeedSessionOptions {
  role?: string;
  isSuperadmin?: boolean;
  email?: string;
  name?: string;
  planName?: string;
}

/** Stores a signed-in session the way signIn would, then lets the session store pick it up. */
export function seedSession({
  role = 'user',
  isSuperadmin = false,
  email = 'ana@example.com',
  name = 'Ana Torres',
  planName,
}: SeedSessionOptions = {}): SessionUser {
  const user: SessionUser = { id: 1, name, email, role, access: null, is_superadmin: isSuperadmin };
  if (planName) user.plan_name = planName;
  localStorage.setItem(AUTH_TOKEN_KEY, makeToken({ sub: '1', role, is_superadmin: isSuperadmin, exp: futureExp() }));
  sessionStorage.setItem(USER_KEY, JSON.stringify(user));
  reloadSessionFromStorage();
  return user;
}

/** Mounts the real route table at `path` inside the real providers. */
export function renderApp(path: string) {
  reloadSessionFromStorage();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, user };
}

export function currentPath(router: ReturnType<typeof createMemoryRouter>): string {
  const { pathname, search } = router.state.location;
  return `${pathname}${search}`;
}

import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { MemoryRouter } from 'react-router';
import { AppProviders } from '@/app/providers';
import type { ProfilePanelProps } from '../components/profile-panel-props';

/** Mounts a Profile or Settings view with the real providers (query client, session, toasts). */
export function renderProfilePanel(View: ComponentType<ProfilePanelProps>) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const user = userEvent.setup({ advanceTimers: (ms) => new Promise((resolve) => setTimeout(resolve, ms)) });
  const view = render(
    <AppProviders queryClient={queryClient}>
      <MemoryRouter>
        <View onClose={() => undefined} />
      </MemoryRouter>
    </AppProviders>,
  );
  return { ...view, user, queryClient };
}

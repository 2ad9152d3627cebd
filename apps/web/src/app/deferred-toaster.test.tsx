import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toast } from '@/lib/toast';
import { DeferredToaster } from './deferred-toaster';

describe('DeferredToaster', () => {
  it('mounts the container with the first toast and shows it', async () => {
    const { unmount } = render(<DeferredToaster />);
    expect(screen.queryByText('First toast')).not.toBeInTheDocument();
    act(() => toast.success('First toast'));
    expect(await screen.findByText('First toast')).toBeInTheDocument();
    unmount();
  });

  it('mounts at once where a toast has already loaded the toasts, and shows later ones', async () => {
    render(<DeferredToaster />);
    act(() => toast.error('Second toast'));
    expect(await screen.findByText('Second toast')).toBeInTheDocument();
  });
});

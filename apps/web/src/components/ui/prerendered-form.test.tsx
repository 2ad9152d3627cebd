import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PrerenderedForm } from './prerendered-form';

function SignIn({ onSubmit }: { onSubmit: () => void }) {
  return (
    <PrerenderedForm aria-label="Sign in" className="flex flex-col" onSubmit={(event) => (event.preventDefault(), onSubmit())}>
      <label htmlFor="email">Email</label>
      <input id="email" name="email" />
      <button type="submit">Log in</button>
    </PrerenderedForm>
  );
}

describe('PrerenderedForm', () => {
  it('comes from the server with its controls disabled and a POST method, never a GET', () => {
    const html = renderToString(<SignIn onSubmit={() => undefined} />);
    expect(html).toMatch(/<form[^>]*method="post"/);
    expect(html).toMatch(/<fieldset disabled=""[^>]*class="min-w-0 flex flex-col"/);
  });

  it('enables its controls once React has hydrated the server HTML', async () => {
    const onSubmit = vi.fn();
    const container = document.createElement('div');
    container.innerHTML = renderToString(<SignIn onSubmit={onSubmit} />);
    document.body.append(container);
    const button = container.querySelector('button')!;
    expect(button).toBeDisabled();

    const root = await act(async () => hydrateRoot(container, <SignIn onSubmit={onSubmit} />));
    expect(container.querySelector('button')).toBe(button); // hydrated, not rendered again
    expect(button).toBeEnabled();
    expect(container.querySelector('input')).toBeEnabled();
    button.click();
    expect(onSubmit).toHaveBeenCalledTimes(1);
    act(() => root.unmount());
    container.remove();
  });

  it('is usable at once when the app renders it itself', () => {
    render(<SignIn onSubmit={() => undefined} />);
    expect(screen.getByRole('button', { name: 'Log in' })).toBeEnabled();
    expect(screen.getByRole('form', { name: 'Sign in' })).toHaveAttribute('method', 'post');
  });
});

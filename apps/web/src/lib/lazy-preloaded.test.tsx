import { act, render, screen } from '@testing-library/react';
import { Component, Suspense, type ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lazyPreloaded } from './lazy-preloaded';

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <p>Load failed</p> : this.props.children;
  }
}

function wrapped(node: ReactNode) {
  return (
    <Boundary>
      <Suspense fallback={<p>Loading</p>}>{node}</Suspense>
    </Boundary>
  );
}

function renderTracked(node: ReactNode) {
  return render(wrapped(node));
}

/** Renders a component that may suspend: React retries it only inside an awaited act(). */
async function renderSuspending(node: ReactNode) {
  let view: ReturnType<typeof render> | undefined;
  await act(async () => {
    view = render(wrapped(node));
  });
  return view!;
}

afterEach(() => vi.restoreAllMocks());

describe('lazyPreloaded', () => {
  it('renders a preloaded component in its first commit, without the Suspense fallback', async () => {
    let loads = 0;
    const page = lazyPreloaded(async () => {
      loads += 1;
      return { default: Greeting };
    });
    await page.preload();
    renderTracked(<page.Component name="Ana" />);
    // Synchronously after render: React.lazy would show 'Loading' here for a tick.
    expect(screen.getByText('Hello Ana')).toBeInTheDocument();
    expect(screen.queryByText('Loading')).not.toBeInTheDocument();
    expect(loads).toBe(1);
  });

  it('shows the fallback while the code is on its way, then the component; loads once', async () => {
    let loads = 0;
    let arrive: (module: { default: typeof Greeting }) => void = () => undefined;
    const page = lazyPreloaded(() => {
      loads += 1;
      return new Promise<{ default: typeof Greeting }>((resolve) => {
        arrive = resolve;
      });
    });
    await renderSuspending(<page.Component name="Luis" />);
    expect(screen.getByText('Loading')).toBeInTheDocument();
    await act(async () => arrive({ default: Greeting }));
    expect(await screen.findByText('Hello Luis')).toBeInTheDocument();
    await page.preload();
    expect(loads).toBe(1);
  });

  it('lets the error boundary show a failed load, and does not ask again and again', async () => {
    // React reports the error the boundary caught; expected here.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let attempts = 0;
    const page = lazyPreloaded<{ name: string }>(async () => {
      attempts += 1;
      throw new Error('chunk missing');
    });
    const first = await renderSuspending(<page.Component name="Eva" />);
    expect(await screen.findByText('Load failed')).toBeInTheDocument();
    first.unmount();
    await renderSuspending(<page.Component name="Eva" />);
    expect(await screen.findByText('Load failed')).toBeInTheDocument();
    expect(attempts).toBe(1);
  });
});

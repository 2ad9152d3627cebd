import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { QueryState, type StateQuery } from './query-state';

const texts = { loadingText: 'Loading the lists…', errorTitle: 'The lists could not be loaded.', retryLabel: 'Try again', emptyText: 'No list yet.' };

const view = (query: StateQuery<string[]>) => (
  <QueryState query={query} {...texts} errorDetail={(error) => (error as Error).message} isEmpty={(list) => list.length === 0}>
    {(list) => (
      <ul>
        {list.map((name) => (
          <li key={name}>{name}</li>
        ))}
      </ul>
    )}
  </QueryState>
);

describe('QueryState', () => {
  it('says what loads, then the failure with its detail and a retry, the empty text, else the data', () => {
    const refetch = vi.fn();
    const { rerender } = render(view({ isPending: true, isError: false, data: undefined, refetch }));
    expect(screen.getByRole('status')).toHaveTextContent(texts.loadingText);

    rerender(view({ isPending: false, isError: true, data: undefined, error: new Error('Server error 503'), refetch }));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(texts.errorTitle);
    expect(alert).toHaveTextContent('Server error 503');
    fireEvent.click(screen.getByRole('button', { name: texts.retryLabel }));
    expect(refetch).toHaveBeenCalledOnce();

    rerender(view({ isPending: false, isError: false, data: [], refetch }));
    expect(screen.getByText(texts.emptyText)).toBeInTheDocument();
    expect(screen.queryByRole('list')).toBeNull();

    rerender(view({ isPending: false, isError: false, data: ['OFAC SDN'], refetch }));
    expect(screen.getByRole('listitem')).toHaveTextContent('OFAC SDN');
  });
});

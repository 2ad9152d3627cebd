import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DataTable, type DataColumn } from './data-table';

interface Row {
  id: string;
  name: string;
}

const columns: DataColumn<Row>[] = [
  { key: 'name', header: 'Name', cell: (row) => row.name },
  { key: 'actions', header: 'Actions', hiddenHeader: true, cell: (row) => <button type="button">Remove {row.name}</button> },
];

const loaded = { isPending: false, isError: false, isSuccess: true, refetch: () => undefined };

describe('DataTable', () => {
  it('scrolls a wide table inside a focusable frame that also contains its screen-reader-only header', () => {
    render(
      <DataTable
        query={loaded}
        rows={[{ id: '1', name: 'Karvelis Fuel Trading LLC' }]}
        rowKey={(row) => row.id}
        columns={columns}
        caption="Watched counterparties"
        minWidthClass="min-w-[40rem]"
        errorTitle="Could not load"
        retryLabel="Try again"
        emptyText="Nothing yet"
      />,
    );
    const frame = screen.getByRole('region', { name: 'Watched counterparties' });
    expect(frame).toHaveAttribute('tabindex', '0');
    expect(within(frame).getByRole('columnheader', { name: 'Actions' }).firstElementChild).toHaveClass('sr-only');
    // sr-only is `position: absolute`: the frame must be its containing block (`relative`), or the
    // hidden header of the last column sticks out past the frame's clip and a phone's page scrolls
    // sideways (jsdom has no layout; the browser journeys measure the page at 390 px).
    expect(frame).toHaveClass('relative', 'overflow-x-auto');
  });
});

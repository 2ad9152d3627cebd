import { SUBMENU_MAX_ITEMS } from '@fueldesk/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubPages } from '@/test/page-stubs';
import { currentPath, renderApp, seedSession } from '@/test/render-app';
import { CUSTOM_SUBMENUS_KEY } from './use-custom-submenus';

stubPages();

async function openDashboard(path = '/home') {
  seedSession();
  const app = renderApp(path);
  const nav = await screen.findByRole('navigation', { name: 'Main menu' });
  return { ...app, nav };
}

async function openAddDialog(app: Awaited<ReturnType<typeof openDashboard>>, parent: string) {
  const addButton = within(app.nav).queryByRole('button', { name: `Add sub-item to ${parent}` });
  if (!addButton) await app.user.click(within(app.nav).getByRole('button', { name: parent }));
  await app.user.click(within(app.nav).getByRole('button', { name: `Add sub-item to ${parent}` }));
  // The dialog's code loads on the first click (lazy): wait for it.
  return screen.findByRole('dialog', { name: `Add sub-item to ${parent}` });
}

function storedItems(parent: string): unknown[] {
  return JSON.parse(localStorage.getItem(CUSTOM_SUBMENUS_KEY) ?? '{}')[parent] ?? [];
}

describe('add sub-item dialog', () => {
  it('asks Market Price for a category', async () => {
    const app = await openDashboard();
    const dialog = await openAddDialog(app, 'Market Price');
    await app.user.type(within(dialog).getByLabelText('Name'), 'Gulf coast');
    await app.user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please select a category.');

    await app.user.selectOptions(within(dialog).getByLabelText('Category'), 'diesel');
    // The category is chosen: its message goes at once, not only on the next Add.
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    await app.user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(app.nav).getByRole('link', { name: 'Gulf coast' })).toHaveAttribute('href', '/marketprice/diesel');

    const again = await openAddDialog(app, 'Market Price');
    await app.user.type(within(again).getByLabelText('Name'), 'Other diesel');
    await app.user.selectOptions(within(again).getByLabelText('Category'), 'diesel');
    await app.user.click(within(again).getByRole('button', { name: 'Add' }));
    expect(within(again).getByRole('alert')).toHaveTextContent('A sub-item for this category already exists here.');
  });

  it('asks News for a section and routes to the section', async () => {
    const app = await openDashboard();
    const dialog = await openAddDialog(app, 'News');
    await app.user.type(within(dialog).getByLabelText('Headline'), 'Crude watch');
    await app.user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please select a section.');
    await app.user.selectOptions(within(dialog).getByLabelText('Section'), 'oil');
    await app.user.click(within(dialog).getByRole('button', { name: 'Add' }));
    const link = within(app.nav).getByRole('link', { name: 'Crude watch' });
    expect(link).toHaveAttribute('href', '/news/oil');
    await app.user.click(link);
    await waitFor(() => expect(currentPath(app.router)).toBe('/news/oil'));
  });

  it('asks other parents for a name and a type, and refuses duplicate titles', async () => {
    const app = await openDashboard();
    const dialog = await openAddDialog(app, 'Home');
    expect(within(dialog).getByLabelText('Type')).toHaveValue('summary');
    await app.user.type(within(dialog).getByLabelText('Title'), '   ');
    await app.user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please provide a name.');

    await app.user.type(within(dialog).getByLabelText('Title'), 'Weekly Summary');
    await app.user.selectOptions(within(dialog).getByLabelText('Type'), 'create-dashboard');
    await app.user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(within(app.nav).getByRole('link', { name: 'Weekly Summary' })).toHaveAttribute('href', '/home/weekly-summary');

    const again = await openAddDialog(app, 'Home');
    await app.user.type(within(again).getByLabelText('Title'), ' weekly summary');
    await app.user.click(within(again).getByRole('button', { name: 'Add' }));
    expect(within(again).getByRole('alert')).toHaveTextContent('A sub-item with this name already exists here.');

    await waitFor(() => expect(storedItems('home')).toEqual([expect.objectContaining({ title: 'Weekly Summary', type: 'create-dashboard' })]));
  });

  it(`refuses more than ${SUBMENU_MAX_ITEMS} items under one parent`, async () => {
    const items = Array.from({ length: SUBMENU_MAX_ITEMS }, (_, index) => ({ id: `b${index}`, title: `Account ${index}` }));
    localStorage.setItem(CUSTOM_SUBMENUS_KEY, JSON.stringify({ bank: items }));
    const app = await openDashboard();
    const dialog = await openAddDialog(app, 'Bank');
    await app.user.type(within(dialog).getByLabelText('Title'), 'One more');
    await app.user.click(within(dialog).getByRole('button', { name: 'Add' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent(`This menu already holds ${SUBMENU_MAX_ITEMS} sub-items, the maximum.`);
  });

  it('closes with Escape without adding anything', async () => {
    const app = await openDashboard();
    const dialog = await openAddDialog(app, 'Home');
    await app.user.type(within(dialog).getByLabelText('Title'), 'Draft');
    await app.user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(app.nav).queryByRole('link', { name: 'Draft' })).not.toBeInTheDocument();
  });

  it('renames and deletes a custom item', async () => {
    localStorage.setItem(
      CUSTOM_SUBMENUS_KEY,
      JSON.stringify({ home: [{ id: 'a', title: 'Morning' }, { id: 'b', title: 'Evening' }] }),
    );
    const app = await openDashboard();
    await app.user.click(within(app.nav).getByRole('button', { name: 'Rename Morning' }));
    const dialog = screen.getByRole('dialog', { name: 'Rename sub-item' });
    const input = within(dialog).getByLabelText('Title');
    expect(input).toHaveValue('Morning');
    await app.user.clear(input);
    await app.user.type(input, 'evening');
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('A sub-item with this name already exists here.');
    await app.user.clear(input);
    await app.user.type(input, 'Dawn');
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(app.nav).getByRole('link', { name: 'Dawn' })).toHaveAttribute('href', '/home/dawn');

    await app.user.click(within(app.nav).getByRole('button', { name: 'Delete Evening' }));
    expect(within(app.nav).queryByRole('link', { name: 'Evening' })).not.toBeInTheDocument();
    await waitFor(() => expect(storedItems('home')).toEqual([{ id: 'a', title: 'Dawn' }]));
  });
});

// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ColumnChooser } from '../../../src/ui/grid/ColumnChooser';

afterEach(cleanup);

const columns = [
  { id: 'name', title: 'Name' },
  { id: 'city', title: 'City' },
  { id: 'state', title: 'State' },
  { id: 'legacy', title: 'Legacy Code' },
];
const defaults = ['name', 'city', 'state'];

function setup(visibleIds = ['name', 'state']) {
  const onApply = vi.fn();
  render(
    <ColumnChooser
      columns={columns}
      visibleIds={visibleIds}
      defaultIds={defaults}
      onApply={onApply}
      gridLabel="Locations"
    />,
  );
  return { onApply, user: userEvent.setup() };
}

const open = async (user: ReturnType<typeof userEvent.setup>) => {
  await user.click(screen.getByRole('button', { name: 'Choose Locations columns' }));
  return screen.getByRole('dialog', { name: 'Choose columns' });
};

describe('ColumnChooser', () => {
  it('lists every column as a named checkbox, checked when visible', async () => {
    const { user } = setup();
    const dialog = await open(user);
    const boxes = within(dialog).getAllByRole('checkbox');
    expect(boxes.map((box) => [box.getAttribute('type'), box.matches(':checked')])).toEqual([
      ['checkbox', true],
      ['checkbox', false],
      ['checkbox', true],
      ['checkbox', false],
    ]);
    expect(within(dialog).getByRole('checkbox', { name: 'Legacy Code' })).toHaveProperty('checked', false);
    expect(within(dialog).getByText('2 of 4 columns shown')).toBeTruthy();
  });

  it('applies toggled columns in column order', async () => {
    const { user, onApply } = setup();
    const dialog = await open(user);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Legacy Code' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Name' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'City' }));
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenCalledWith(['city', 'state', 'legacy']);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows all, resets to the defaults, and saves nothing on Cancel', async () => {
    const { user, onApply } = setup();
    let dialog = await open(user);
    await user.click(within(dialog).getByRole('button', { name: 'Show all' }));
    expect(
      within(dialog)
        .getAllByRole('checkbox')
        .every((box) => box.matches(':checked')),
    ).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Reset' }));
    expect(within(dialog).getByRole('checkbox', { name: 'Legacy Code' })).toHaveProperty('checked', false);
    expect(within(dialog).getByRole('checkbox', { name: 'City' })).toHaveProperty('checked', true);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onApply).not.toHaveBeenCalled();

    dialog = await open(user);
    // The draft was discarded: the dialog opens on the saved choice again.
    expect(within(dialog).getByRole('checkbox', { name: 'City' })).toHaveProperty('checked', false);
    await user.click(within(dialog).getByRole('button', { name: 'Reset' }));
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(onApply).toHaveBeenCalledWith(defaults);
  });

  it('will not apply a grid without columns', async () => {
    const { user } = setup(['name']);
    const dialog = await open(user);
    await user.click(within(dialog).getByRole('checkbox', { name: 'Name' }));
    expect(within(dialog).getByRole('button', { name: 'Apply' })).toHaveProperty('disabled', true);
    expect(within(dialog).getByText('Choose at least one column')).toBeTruthy();
  });

  it('offers a search box when there are many columns', async () => {
    const many = Array.from({ length: 20 }, (_, i) => ({ id: `c${i}`, title: `Attribute ${i}` }));
    const user = userEvent.setup();
    render(
      <ColumnChooser columns={many} visibleIds={['c0']} defaultIds={['c0']} onApply={() => undefined} />,
    );
    await user.click(screen.getByRole('button', { name: 'Choose columns' }));
    await user.type(screen.getByRole('searchbox', { name: 'Find a column' }), 'attribute 1');
    const list = screen.getByRole('list', { name: 'Columns' });
    expect(within(list).getAllByRole('checkbox')).toHaveLength(11);
  });
});

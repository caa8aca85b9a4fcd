// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Pagination } from '../../src/ui/Pagination';

afterEach(cleanup);

const pageNumbers = () =>
  screen.getAllByRole('button', { name: /^Page \d+$/ }).map((button) => Number(button.textContent));

describe('Pagination', () => {
  it('shows 5 page links around the current page and marks it with aria-current', () => {
    render(<Pagination page={6} total={123} onPageChange={() => {}} />);
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toBeTruthy();
    expect(pageNumbers()).toEqual([4, 5, 6, 7, 8]);
    expect(screen.getByRole('button', { name: 'Page 6' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('button', { name: 'Page 5' }).getAttribute('aria-current')).toBeNull();
    expect(screen.getByText('51–60 of 123')).toBeTruthy();
  });

  it('keeps the window full at the ends and disables the buttons that lead nowhere', () => {
    const { rerender } = render(<Pagination page={1} total={123} onPageChange={() => {}} />);
    expect(pageNumbers()).toEqual([1, 2, 3, 4, 5]);
    expect(screen.getByRole('button', { name: 'First page' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Previous page' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Next page' })).toHaveProperty('disabled', false);
    rerender(<Pagination page={13} total={123} onPageChange={() => {}} />);
    expect(pageNumbers()).toEqual([9, 10, 11, 12, 13]);
    expect(screen.getByRole('button', { name: 'Last page' })).toHaveProperty('disabled', true);
    expect(screen.getByText('121–123 of 123')).toBeTruthy();
  });

  it('asks for the page of each button', async () => {
    const user = userEvent.setup();
    const onPageChange = vi.fn<(page: number) => void>();
    render(<Pagination page={6} total={123} onPageChange={onPageChange} />);
    for (const name of ['First page', 'Previous page', 'Page 8', 'Page 6', 'Next page', 'Last page']) {
      await user.click(screen.getByRole('button', { name }));
    }
    expect(onPageChange.mock.calls.map(([page]) => page)).toEqual([1, 5, 8, 7, 13]);
  });

  it('offers a rows-per-page select, 10 by default', async () => {
    const user = userEvent.setup();
    const onPageSizeChange = vi.fn();
    render(<Pagination page={1} total={40} onPageChange={() => {}} onPageSizeChange={onPageSizeChange} />);
    const select = screen.getByRole('combobox', { name: 'Rows per page' });
    expect(select).toHaveProperty('value', '10');
    expect(pageNumbers()).toEqual([1, 2, 3, 4]);
    await user.selectOptions(select, '25');
    expect(onPageSizeChange).toHaveBeenCalledWith(25);
  });

  it('renders nothing without rows', () => {
    const { container } = render(<Pagination page={1} total={0} onPageChange={() => {}} />);
    expect(container.innerHTML).toBe('');
  });
});

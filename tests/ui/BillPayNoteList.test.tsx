// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { BillPayNoteList } from '../../src/ui/BillPayNoteList';
import { formatDay } from '../../src/domain/format';

afterEach(cleanup);

describe('BillPayNoteList', () => {
  it('lists each note with its author and day', () => {
    render(
      <BillPayNoteList
        notes={[
          {
            id: 'n1',
            billId: 'b1',
            note: 'Paid by wire.',
            authorName: 'Ana Ruiz',
            createdAt: '2026-03-04T10:00:00Z',
          },
          {
            id: 'n2',
            billId: 'b1',
            note: 'Late fee waived.',
            authorName: 'Tom Lee',
            createdAt: '2026-03-05T10:00:00Z',
          },
        ]}
      />,
    );
    const items = screen.getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]?.textContent).toBe(`Paid by wire.Ana Ruiz, ${formatDay('2026-03-04T10:00:00Z') ?? ''}`);
    expect(items[1]?.textContent).toContain('Late fee waived.');
  });
});

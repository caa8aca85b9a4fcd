// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { FactList, RecordLink } from '../../src/ui/Facts';

afterEach(cleanup);

describe('FactList', () => {
  it('lists each fact as a label and its value, strong or with a second line where asked', () => {
    render(
      <FactList
        facts={[
          { label: 'Amount due', value: '$12.00', isStrong: true },
          { label: 'Status', value: 'Cleared', sub: '03/02/2025' },
          { label: 'ESI ID', value: '1008901', valueClassName: 'accounts-mono', sub: '' },
        ]}
      />,
    );
    const value = (label: string) => screen.getByText(label).nextElementSibling;
    expect(value('Amount due')?.className).toBe('facts__strong');
    expect(value('Amount due')?.textContent).toBe('$12.00');
    expect(value('Status')?.querySelector('.facts__sub')?.textContent).toBe('03/02/2025');
    expect(value('ESI ID')?.className).toBe('accounts-mono');
    expect(value('ESI ID')?.querySelector('.facts__sub')).toBeNull();
    expect(screen.getByText('Status').closest('dl')?.className).toBe('facts facts--wide');
  });
});

describe('RecordLink', () => {
  it('links to the record’s page, or says N/A without a record', () => {
    const { container } = render(
      <MemoryRouter>
        <RecordLink path="locations/l-1" text="Austin Store" />
        <span>|</span>
        <RecordLink path={null} text={undefined} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Austin Store' }).getAttribute('href')).toBe('/locations/l-1');
    expect(container.textContent).toBe('Austin Store|N/A');
  });
});

// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { Page } from '../../src/ui/Page';

const BACK = { to: '/accounts', label: 'Accounts' };

afterEach(cleanup);

const renderPage = (page: ReactNode) => render(<MemoryRouter>{page}</MemoryRouter>);

describe('Page', () => {
  it('names its section by the title, links back to the list and shows the actions beside the title', () => {
    renderPage(
      <Page
        back={BACK}
        titleId="thing-title"
        title="ACME 123"
        titleClassName="things-title"
        subtitle={<p className="muted">Main St</p>}
        actions={<button type="button">Rename</button>}
      >
        <p>Body</p>
      </Page>,
    );
    const heading = screen.getByRole('heading', { level: 1, name: 'ACME 123' });
    expect(heading.className).toBe('page__title things-title');
    expect(screen.getByRole('region', { name: 'ACME 123' }).textContent).toContain('Body');
    expect(screen.getByRole('link', { name: 'Accounts' }).getAttribute('href')).toBe('/accounts');
    expect(screen.getByRole('button', { name: 'Rename' }).parentElement?.className).toBe('page__actions');
    expect(screen.getByText('Main St').previousElementSibling).toBe(heading);
  });

  it('leaves out the back link and the actions when there are none', () => {
    const { container } = renderPage(
      <Page titleId="t" title="Users" actions={null}>
        {null}
      </Page>,
    );
    expect(container.querySelector('.page__actions')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });
});

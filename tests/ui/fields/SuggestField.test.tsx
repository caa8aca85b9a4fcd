// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SuggestField } from '../../../src/ui/fields/SuggestField';

afterEach(cleanup);

describe('SuggestField', () => {
  it('lists its suggestions in a datalist tied to the input, with the browser’s own suggestions off', () => {
    render(
      <SuggestField label="Vendor" value="" onChange={() => undefined} suggestions={['Acme', 'Volt']} />,
    );
    const input = screen.getByLabelText('Vendor');
    expect(input.getAttribute('autocomplete')).toBe('off');
    const list = document.getElementById(input.getAttribute('list') ?? '');
    expect(list?.tagName).toBe('DATALIST');
    expect([...(list?.querySelectorAll('option') ?? [])].map((option) => option.value)).toEqual([
      'Acme',
      'Volt',
    ]);
  });

  it('still takes text that is not a suggestion', async () => {
    const onChange = vi.fn();
    render(<SuggestField label="Vendor" value="" onChange={onChange} suggestions={['Acme']} />);
    await userEvent.type(screen.getByLabelText('Vendor'), 'Z');
    expect(onChange).toHaveBeenCalledWith('Z');
  });
});

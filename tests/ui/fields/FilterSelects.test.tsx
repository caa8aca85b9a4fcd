// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  CompactFilterSelect,
  FilterSelectField,
  ServiceSelectField,
  serviceChoices,
} from '../../../src/ui/fields/FilterSelects';
import { serviceLabel } from '../../../src/domain/serviceTypes';

afterEach(cleanup);

const CHOICES = [
  { value: 'a', label: 'Alpha' },
  { value: 'b', label: 'Beta' },
];

function optionTexts(select: HTMLElement): string[] {
  return [...select.querySelectorAll('option')].map((option) => `${option.value}=${option.textContent}`);
}

describe('FilterSelectField', () => {
  it('offers all first, with the empty value, then the choices, and reports the value picked', async () => {
    const onChange = vi.fn();
    render(
      <FilterSelectField
        label="Location"
        all="All locations"
        choices={CHOICES}
        value=""
        onChange={onChange}
      />,
    );
    const select = screen.getByLabelText('Location');
    expect(optionTexts(select)).toEqual(['=All locations', 'a=Alpha', 'b=Beta']);
    await userEvent.selectOptions(select, 'b');
    expect(onChange).toHaveBeenCalledWith('b');
  });
});

describe('ServiceSelectField', () => {
  it('is the Service filter over the services of the list', () => {
    const services = serviceChoices(['E', 'G']);
    render(<ServiceSelectField services={['E', 'G']} value="" onChange={vi.fn()} />);
    expect(optionTexts(screen.getByLabelText('Service'))).toEqual([
      '=All Services',
      `E=${serviceLabel('E')}`,
      `G=${serviceLabel('G')}`,
    ]);
    expect(services.map((choice) => choice.value)).toEqual(['E', 'G']);
  });
});

describe('CompactFilterSelect', () => {
  it('is named by its label without showing it', async () => {
    const onChange = vi.fn();
    render(
      <CompactFilterSelect label="Tag" all="All Tags" choices={CHOICES} value="a" onChange={onChange} />,
    );
    const select = screen.getByRole('combobox', { name: 'Tag' });
    expect(screen.queryByText('Tag')).toBeNull();
    await userEvent.selectOptions(select, '');
    expect(onChange).toHaveBeenCalledWith('');
  });

  it('shows its label beside the select when asked', () => {
    render(
      <CompactFilterSelect
        label="Collection type"
        all="All types"
        choices={CHOICES}
        value=""
        onChange={vi.fn()}
        isLabelShown
      />,
    );
    expect(screen.getByText('Collection type')).toBeTruthy();
    expect(optionTexts(screen.getByLabelText('Collection type'))[0]).toBe('=All types');
  });
});

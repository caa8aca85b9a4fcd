// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { SelectField } from '../../../src/ui/fields/SelectField';
import { TextField } from '../../../src/ui/fields/TextField';
import type { TextFieldProps } from '../../../src/ui/fields/TextField';

afterEach(cleanup);

/** The texts a control's aria-describedby points at, in order. */
function description(control: HTMLElement): (string | null | undefined)[] {
  const ids = control.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent);
}

function Controlled(props: Omit<TextFieldProps, 'value' | 'onChange'>) {
  const [value, setValue] = useState('');
  return <TextField {...props} value={value} onChange={setValue} />;
}

describe('TextField', () => {
  it('labels its input and reports typed text as a string', async () => {
    const onChange = vi.fn();
    render(<TextField label="Meter number" value="" onChange={onChange} />);
    await userEvent.type(screen.getByLabelText('Meter number'), '7');
    expect(onChange).toHaveBeenCalledWith('7');
  });

  it('marks a required field with an asterisk hidden from screen readers, and required on the input', () => {
    render(<Controlled label="Email" type="email" required />);
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toHaveProperty('required', true);
    expect(input.getAttribute('aria-required')).toBe('true');
    const star = input.closest('.field')?.querySelector('.field__required');
    expect(star?.textContent).toBe('*');
    expect(star?.getAttribute('aria-hidden')).toBe('true');
  });

  it('shows no asterisk and no aria-required on an optional field', () => {
    render(<Controlled label="ESI ID" />);
    const input = screen.getByRole('textbox', { name: 'ESI ID' });
    expect(input.getAttribute('aria-required')).toBeNull();
    expect(input.closest('.field')?.querySelector('.field__required')).toBeNull();
  });

  it('ties the hint to the input, then hint and error while an error shows, and marks it invalid', () => {
    const { rerender } = render(
      <TextField label="ESI ID" value="" onChange={() => {}} hint="The 17- or 22-digit ERCOT ESI ID." />,
    );
    const input = screen.getByRole('textbox', { name: 'ESI ID' });
    expect(description(input)).toEqual(['The 17- or 22-digit ERCOT ESI ID.']);
    expect(input.getAttribute('aria-invalid')).toBeNull();

    rerender(
      <TextField
        label="ESI ID"
        value="12"
        onChange={() => {}}
        hint="The 17- or 22-digit ERCOT ESI ID."
        error="ESI ID must be 17 or 22 digits"
      />,
    );
    expect(description(input)).toEqual([
      'The 17- or 22-digit ERCOT ESI ID.',
      'ESI ID must be 17 or 22 digits',
    ]);
    expect(input.getAttribute('aria-invalid')).toBe('true');
  });

  it('leaves out a hint that says the same as the error', () => {
    render(
      <TextField
        label="Password"
        type="password"
        value=""
        onChange={() => {}}
        hint="Too short"
        error="Too short"
      />,
    );
    expect(screen.getAllByText('Too short')).toHaveLength(1);
    expect(description(screen.getByLabelText('Password'))).toEqual(['Too short']);
  });

  it('keeps a given id, and turns spell-checking and capitals off for email and password', () => {
    render(<TextField id="login-email" label="Email" type="email" value="" onChange={() => {}} />);
    const input = screen.getByLabelText('Email');
    expect(input.id).toBe('login-email');
    expect(input.getAttribute('spellcheck')).toBe('false');
    expect(input.getAttribute('autocapitalize')).toBe('none');
  });

  it('offers an info button whose tooltip describes it', () => {
    render(<Controlled label="Password" type="password" tooltip="8 to 15 characters" />);
    const button = screen.getByRole('button', { name: 'Password rule' });
    expect(document.getElementById(button.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      '8 to 15 characters',
    );
  });
});

describe('SelectField', () => {
  it('labels its select, reports the chosen value and wires the error like TextField', async () => {
    const onChange = vi.fn();
    render(
      <SelectField label="Service" required value="electric" onChange={onChange} error="Service is required">
        <option value="electric">Electricity</option>
        <option value="water">Water</option>
      </SelectField>,
    );
    const select = screen.getByRole('combobox', { name: 'Service' });
    await userEvent.selectOptions(select, 'water');
    expect(onChange).toHaveBeenCalledWith('water');
    expect(select.getAttribute('aria-required')).toBe('true');
    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect(description(select)).toEqual(['Service is required']);
  });
});

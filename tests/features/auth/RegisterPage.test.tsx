// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { Component, RegisterPage } from '../../../src/features/auth/RegisterPage';
import { PASSWORD_RULE_TEXT } from '../../../src/domain/validation';
import { apiError, deferred, fakeApi } from './fakeApi';
import type { FakeAnswer } from './fakeApi';

function LoginStub() {
  const location = useLocation();
  const email: unknown = (location.state as { email?: unknown } | null)?.email;
  return <p>Login page for {String(email)}</p>;
}

function renderRegister() {
  return render(
    <MemoryRouter initialEntries={['/register/tok-1']}>
      <Routes>
        <Route path="/register/:id" element={<RegisterPage />} />
        <Route path="/login" element={<LoginStub />} />
      </Routes>
    </MemoryRouter>,
  );
}

const invitation = {
  email: 'new.user@example.com',
  companyName: 'Acme Foods',
  firstName: 'Nia',
  lastName: '',
};
const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}\\*?$`));

beforeEach(() => localStorage.clear());
afterEach(cleanup);

describe('RegisterPage', () => {
  it('is the route module component', () => {
    expect(Component).toBe(RegisterPage);
  });

  it('shows who is registering, required asterisks, and the password rule as help and tooltip', async () => {
    fakeApi({ 'GET /register/tok-1': () => ({ status: 200, body: invitation }) });
    renderRegister();
    expect(await screen.findByText('new.user@example.com', { selector: 'strong' })).toBeTruthy();
    expect(screen.getByText('Acme Foods')).toBeTruthy();
    expect((field('First name') as HTMLInputElement).value).toBe('Nia');

    for (const label of ['First name', 'Last name', 'Password', 'Confirm password']) {
      const input = field(label);
      expect(input.getAttribute('aria-required')).toBe('true');
      expect(
        input.closest('.field')?.querySelector('.field__required[aria-hidden="true"]')?.textContent,
      ).toBe('*');
    }
    // The account's email, out of sight, for password managers.
    const username = document.querySelector<HTMLInputElement>('input[autocomplete="username"]');
    expect(username?.value).toBe('new.user@example.com');
    expect(username?.readOnly).toBe(true);
    expect(field('Password').getAttribute('autocomplete')).toBe('new-password');
    expect(field('Confirm password').getAttribute('autocomplete')).toBe('new-password');

    const tooltip = screen.getByRole('tooltip');
    expect(tooltip.textContent).toBe(PASSWORD_RULE_TEXT);
    expect(screen.getByRole('button', { name: 'Password rule' }).getAttribute('aria-describedby')).toBe(
      tooltip.id,
    );
    // The rule is also the field's visible hint, read with the field.
    const describedBy = field('Password').getAttribute('aria-describedby')?.split(' ') ?? [];
    const texts = describedBy.map((id) => document.getElementById(id)?.textContent);
    expect(texts).toContain(PASSWORD_RULE_TEXT);
  });

  it('checks the password rule and the confirmation before sending', async () => {
    const seen = fakeApi({ 'GET /register/tok-1': () => ({ status: 200, body: invitation }) });
    const user = userEvent.setup();
    renderRegister();
    await user.type(await screen.findByRole('textbox', { name: 'Last name' }), 'Okafor');
    await user.type(field('Password'), 'short');
    await user.type(field('Confirm password'), 'different{Enter}');

    const password = field('Password');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    const passwordError = document.getElementById(`${password.id}-error`);
    expect(passwordError?.textContent).toBe(PASSWORD_RULE_TEXT);
    expect(password.getAttribute('aria-describedby')).toBe(`${password.id}-error`);
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect(field('Confirm password').getAttribute('aria-invalid')).toBe('true');
    expect(seen.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it('registers, shows the busy state, then offers sign-in with the email', async () => {
    const answer = deferred<FakeAnswer>();
    const seen = fakeApi({
      'GET /register/tok-1': () => ({ status: 200, body: invitation }),
      'POST /register/tok-1': () => answer.promise,
    });
    const user = userEvent.setup();
    renderRegister();
    await user.type(await screen.findByRole('textbox', { name: 'Last name' }), 'Okafor');
    await user.type(field('Password'), 'Good#pass1');
    await user.type(field('Confirm password'), 'Good#pass1{Enter}');
    const busy = screen.getByRole('button', { name: 'Creating account…' });
    expect(busy).toHaveProperty('disabled', true);
    answer.resolve({ status: 200, body: { status: 'ok' } });
    expect(await screen.findByRole('heading', { name: 'Your account is ready' })).toBeTruthy();
    expect(seen.at(-1)?.body).toEqual({
      firstName: 'Nia',
      lastName: 'Okafor',
      password: 'Good#pass1',
      confirmPassword: 'Good#pass1',
    });
    await user.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(screen.getByText('Login page for new.user@example.com')).toBeTruthy();
  });

  it("maps the server's field errors to the fields and shows its message", async () => {
    fakeApi({
      'GET /register/tok-1': () => ({ status: 200, body: invitation }),
      'POST /register/tok-1': () =>
        apiError(400, 'Some fields are not valid', {
          'body.password': 'Server says no',
          'body.confirmPassword': 'Passwords do not match',
        }),
    });
    const user = userEvent.setup();
    renderRegister();
    await user.type(await screen.findByRole('textbox', { name: 'Last name' }), 'Okafor');
    await user.type(field('Password'), 'Good#pass1');
    await user.type(field('Confirm password'), 'Good#pass1{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('Some fields are not valid');
    const password = field('Password');
    expect(document.getElementById(`${password.id}-error`)?.textContent).toBe('Server says no');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(password);
    await user.type(password, 'x');
    expect(document.getElementById(`${password.id}-error`)).toBeNull();
  });

  it('explains a used or expired invitation', async () => {
    fakeApi({
      'GET /register/tok-1': () => apiError(410, 'This invitation has expired. Ask for a new one.'),
    });
    renderRegister();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This invitation has expired. Ask for a new one.',
    );
    expect(screen.queryByLabelText(/^Password/)).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/login');
  });

  it('offers a retry when the server cannot be reached', async () => {
    let calls = 0;
    fakeApi({
      'GET /register/tok-1': () => {
        calls += 1;
        return calls === 1 ? apiError(503, 'Service unavailable') : { status: 200, body: invitation };
      },
    });
    const user = userEvent.setup();
    renderRegister();
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('textbox', { name: 'Last name' })).toBeTruthy();
  });
});

// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { ResetPasswordPage, Component as ResetComponent } from '../../../src/features/auth/ResetPasswordPage';
import {
  ForgotPasswordPage,
  Component as ForgotComponent,
} from '../../../src/features/auth/ForgotPasswordPage';
import { PASSWORD_RULE_TEXT } from '../../../src/domain/validation';
import { OFFLINE_MESSAGE } from '../../../src/api/http';
import { apiError, deferred, fakeApi } from './fakeApi';
import type { FakeAnswer } from './fakeApi';

function renderAt(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/resetpassword/:id" element={<ResetPasswordPage />} />
        <Route path="/forgotpassword" element={<ForgotPasswordPage />} />
        <Route path="/login" element={<p>Login page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

const field = (label: string) => screen.getByLabelText(new RegExp(`^${label}\\*?$`));

function setOnline(value: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => value });
}

beforeEach(() => setOnline(true));
afterEach(cleanup);

describe('ResetPasswordPage', () => {
  it('is the route module component', () => {
    expect(ResetComponent).toBe(ResetPasswordPage);
  });

  it('shows the rule, checks it and the confirmation', async () => {
    const seen = fakeApi({});
    const user = userEvent.setup();
    renderAt('/resetpassword/r-1');
    expect(screen.getByRole('tooltip').textContent).toBe(PASSWORD_RULE_TEXT);
    expect(field('New password').getAttribute('autocomplete')).toBe('new-password');
    await user.type(field('New password'), 'abcdefgh');
    await user.type(field('Confirm password'), 'abcdefgX{Enter}');
    expect(document.getElementById(`${field('New password').id}-error`)?.textContent).toBe(
      PASSWORD_RULE_TEXT,
    );
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect(seen).toHaveLength(0);
  });

  it('saves the new password and confirms', async () => {
    const answer = deferred<FakeAnswer>();
    const seen = fakeApi({ 'POST /reset_password/r-1': () => answer.promise });
    const user = userEvent.setup();
    renderAt('/resetpassword/r-1');
    await user.type(field('New password'), 'Fresh!pass9');
    await user.type(field('Confirm password'), 'Fresh!pass9{Enter}');
    expect(screen.getByRole('button', { name: 'Saving…' })).toHaveProperty('disabled', true);
    answer.resolve({ status: 200, body: { status: 'ok' } });
    expect(await screen.findByRole('heading', { name: 'Password changed' })).toBeTruthy();
    expect(seen[0]?.body).toEqual({ newPassword: 'Fresh!pass9', confirmPassword: 'Fresh!pass9' });
  });

  it('shows a dead link and offers a new one', async () => {
    fakeApi({ 'POST /reset_password/r-1': () => apiError(410, 'This reset link has already been used') });
    const user = userEvent.setup();
    renderAt('/resetpassword/r-1');
    await user.type(field('New password'), 'Fresh!pass9');
    await user.type(field('Confirm password'), 'Fresh!pass9{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('This reset link has already been used');
    expect(screen.getByRole('link', { name: 'Send me a new reset link' }).getAttribute('href')).toBe(
      '/forgotpassword',
    );
  });

  it('maps body.newPassword to the new password field', async () => {
    fakeApi({
      'POST /reset_password/r-1': () =>
        apiError(400, 'Some fields are not valid', { 'body.newPassword': PASSWORD_RULE_TEXT }),
    });
    const user = userEvent.setup();
    renderAt('/resetpassword/r-1');
    await user.type(field('New password'), 'Fresh!pass9');
    await user.type(field('Confirm password'), 'Fresh!pass9{Enter}');
    await screen.findByText('Some fields are not valid');
    expect(field('New password').getAttribute('aria-invalid')).toBe('true');
  });
});

describe('ForgotPasswordPage', () => {
  it('is the route module component', () => {
    expect(ForgotComponent).toBe(ForgotPasswordPage);
  });

  it('requires a valid email', async () => {
    const seen = fakeApi({});
    const user = userEvent.setup();
    renderAt('/forgotpassword');
    const email = screen.getByRole('textbox', { name: 'Email' });
    expect(email.getAttribute('aria-required')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(screen.getByText('Email is required')).toBeTruthy();
    await user.type(email, 'nobody@{Enter}');
    expect(screen.getByText('Enter a valid email address')).toBeTruthy();
    expect(seen).toHaveLength(0);
  });

  it("sends the request and shows the server's answer", async () => {
    const seen = fakeApi({
      'POST /forgot_password': () => ({
        status: 200,
        body: { status: 'ok', message: 'If an account exists for that email, a reset link has been sent.' },
      }),
    });
    const user = userEvent.setup();
    renderAt('/forgotpassword');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), ' ann@example.com {Enter}');
    expect(
      await screen.findByText('If an account exists for that email, a reset link has been sent.'),
    ).toBeTruthy();
    expect(seen[0]?.body).toEqual({ email: 'ann@example.com' });
  });

  it('says it is offline and does not send', async () => {
    const seen = fakeApi({});
    setOnline(false);
    const user = userEvent.setup();
    renderAt('/forgotpassword');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ann@example.com{Enter}');
    expect(screen.getByRole('alert').textContent).toBe(OFFLINE_MESSAGE);
    expect(seen).toHaveLength(0);
  });
});

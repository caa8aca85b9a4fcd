// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { InitialEntry } from 'react-router-dom';
import { LoginPage, Component, SSO_FAILED_TEXT } from '../../../src/features/auth/LoginPage';
import { OFFLINE_SIGN_IN } from '../../../src/features/auth/authRules';
import { appStore } from '../../../src/session/store';
import {
  accessTokenAtom,
  isAuthorizedAtom,
  storeSsoLoginPath,
  storedSsoLoginPath,
} from '../../../src/session/atoms';
import { clearSession } from '../../../src/session/flows';
import { apiError, deferred, fakeAccessToken, fakeApi } from './fakeApi';
import type { FakeAnswer } from './fakeApi';

function Where() {
  const location = useLocation();
  return <p>At {location.pathname}</p>;
}

function renderLogin(entry: InitialEntry = '/login') {
  return render(
    <MemoryRouter initialEntries={[entry]}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="/forgotpassword" element={<p>Forgot page</p>} />
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
}

const emailInput = () => screen.getByRole('textbox', { name: 'Email' });
const passwordInput = () => screen.getByLabelText(/^Password\*?$/);
const signInButton = () => screen.getByRole('button', { name: /Sign in|Signing in/ });

async function fillCredentials(
  user: ReturnType<typeof userEvent.setup>,
  email = 'ann@example.com',
  password = 'secret',
) {
  await user.type(emailInput(), email);
  await user.type(passwordInput(), password);
}

function setOnline(value: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => value });
}

beforeEach(() => {
  clearSession();
  localStorage.clear();
  setOnline(true);
});
afterEach(cleanup);

describe('LoginPage', () => {
  it('is the route module component', () => {
    expect(Component).toBe(LoginPage);
  });

  it('marks email and password required with an aria-hidden asterisk and autocomplete hints', () => {
    renderLogin();
    for (const input of [emailInput(), passwordInput()]) {
      expect(input).toHaveProperty('required', true);
      expect(input.getAttribute('aria-required')).toBe('true');
      const star = input.closest('.field')?.querySelector('label .field__required');
      expect(star?.textContent).toBe('*');
      expect(star?.getAttribute('aria-hidden')).toBe('true');
    }
    expect(emailInput().getAttribute('autocomplete')).toBe('username');
    expect(passwordInput().getAttribute('autocomplete')).toBe('current-password');
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe(
      '/forgotpassword',
    );
  });

  it('shows required and email-format messages tied to the fields, and sends nothing', async () => {
    const seen = fakeApi({});
    const user = userEvent.setup();
    renderLogin();
    await user.click(signInButton());
    expect(screen.getByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(emailInput().getAttribute('aria-invalid')).toBe('true');
    const describedBy = emailInput().getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe('Email is required');
    await user.type(emailInput(), 'not-an-email');
    expect(screen.getByText('Enter a valid email address')).toBeTruthy();
    expect(seen).toHaveLength(0);
  });

  it('signs in with Enter and goes to the remembered route', async () => {
    const seen = fakeApi({
      'POST /login': () => ({ status: 200, body: { accessToken: fakeAccessToken() } }),
    });
    storeSsoLoginPath('/ssologin/acme');
    const user = userEvent.setup();
    renderLogin({ pathname: '/login', state: { from: '/bills?year=2024' } });
    await fillCredentials(user, 'ann@example.com', 'secret{Enter}');
    expect(await screen.findByText('At /bills')).toBeTruthy();
    expect(seen[0]?.body).toEqual({ email: 'ann@example.com', password: 'secret' });
    expect(appStore.get(isAuthorizedAtom)).toBe(true);
    expect(appStore.get(accessTokenAtom)).toBeTruthy();
    expect(storedSsoLoginPath()).toBeNull();
  });

  it('goes to the root when no route was remembered, or when it was a sign-in page', async () => {
    fakeApi({ 'POST /login': () => ({ status: 200, body: { accessToken: fakeAccessToken() } }) });
    const user = userEvent.setup();
    renderLogin({ pathname: '/login', state: { from: '/register/abc' } });
    await fillCredentials(user);
    await user.click(signInButton());
    expect(await screen.findByText('At /')).toBeTruthy();
  });

  it("shows the server's error in the alert region", async () => {
    fakeApi({ 'POST /login': () => apiError(401, 'Invalid email or password') });
    const user = userEvent.setup();
    renderLogin();
    await fillCredentials(user);
    await user.click(signInButton());
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid email or password');
    expect(passwordInput()).toBeTruthy();
  });

  it('shows the rate-limit answer', async () => {
    fakeApi({ 'POST /login': () => apiError(429, 'Too many requests, please wait and try again') });
    const user = userEvent.setup();
    renderLogin();
    await fillCredentials(user);
    await user.click(signInButton());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many requests, please wait and try again',
    );
  });

  it('is busy while signing in and sends once however often it is submitted', async () => {
    const answer = deferred<FakeAnswer>();
    const seen = fakeApi({ 'POST /login': () => answer.promise });
    const user = userEvent.setup();
    renderLogin();
    await fillCredentials(user);
    await user.click(signInButton());
    const button = signInButton();
    expect(button.textContent).toBe('Signing in…');
    expect(button).toHaveProperty('disabled', true);
    await user.type(passwordInput(), '{Enter}');
    await user.click(button);
    expect(seen).toHaveLength(1);
    answer.resolve(apiError(401, 'Invalid email or password'));
    expect(await screen.findByText('Invalid email or password')).toBeTruthy();
    expect(signInButton().textContent).toBe('Sign in');
    expect(signInButton()).toHaveProperty('disabled', false);
  });

  it('asks for the two-factor code, verifies it with the challenge, and can go back', async () => {
    const seen = fakeApi({
      'POST /login': () => ({ status: 200, body: { twoFactorRequired: true, challenge: 'chal-1' } }),
      'POST /verify2fa': ({ params }) =>
        params.code === '123456'
          ? { status: 200, body: { accessToken: fakeAccessToken() } }
          : apiError(401, 'Invalid verification code'),
    });
    const user = userEvent.setup();
    renderLogin();
    await fillCredentials(user);
    await user.click(signInButton());

    expect(await screen.findByRole('heading', { name: 'Two-step verification' })).toBeTruthy();
    const code = screen.getByRole('textbox', { name: 'Verification code' });
    expect(code.getAttribute('inputmode')).toBe('numeric');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('aria-required')).toBe('true');

    await user.type(code, '12{Enter}');
    expect(screen.getByText('Enter the 6-digit code from your authenticator app')).toBeTruthy();

    await user.clear(code);
    await user.type(code, '999 999{Enter}');
    expect(await screen.findByText('Invalid verification code')).toBeTruthy();
    expect(seen.at(-1)?.params).toEqual({ challenge: 'chal-1', code: '999999' });

    await user.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect((emailInput() as HTMLInputElement).value).toBe('ann@example.com');

    await user.type(passwordInput(), 'secret{Enter}');
    await user.type(await screen.findByRole('textbox', { name: 'Verification code' }), '123456{Enter}');
    expect(await screen.findByText('At /')).toBeTruthy();
  });

  it('says it is offline and does not send', async () => {
    const seen = fakeApi({});
    setOnline(false);
    const user = userEvent.setup();
    renderLogin();
    await fillCredentials(user);
    await user.click(signInButton());
    expect(screen.getByRole('alert').textContent).toBe(OFFLINE_SIGN_IN);
    expect(seen).toHaveLength(0);
  });

  it('explains a failed single sign-on the server sent back here', () => {
    renderLogin('/login?sso=failed');
    expect(screen.getByRole('alert').textContent).toBe(SSO_FAILED_TEXT);
  });
});

// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { InitialEntry } from 'react-router-dom';
import { SsoLoginPage, Component as SsoLoginComponent } from '../../../src/features/auth/SsoLoginPage';
import { SsoAcsPage, Component as SsoAcsComponent } from '../../../src/features/auth/SsoAcsPage';
import { appStore } from '../../../src/session/store';
import { isAuthorizedAtom, storedSsoLoginPath } from '../../../src/session/atoms';
import { clearSession } from '../../../src/session/flows';
import { apiError, fakeAccessToken, fakeApi } from './fakeApi';

function Where() {
  const location = useLocation();
  return <p>At {location.pathname}</p>;
}

function renderAt(entry: InitialEntry) {
  return render(
    <StrictMode>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route path="/ssologin/:clientId" element={<SsoLoginPage />} />
          <Route path="/ssoacs/:clientId" element={<SsoAcsPage />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </StrictMode>,
  );
}

beforeEach(() => {
  clearSession();
  localStorage.clear();
  sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('SsoLoginPage', () => {
  it('is the route module component', () => {
    expect(SsoLoginComponent).toBe(SsoLoginPage);
  });

  it('follows the redirectUrl once and remembers the SSO login path and the wanted route', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => undefined);
    const seen = fakeApi({
      'POST /ssologin/acme': () => ({
        status: 200,
        body: { redirectUrl: 'https://idp.example.com/sso?SAMLRequest=x' },
      }),
    });
    renderAt({ pathname: '/ssologin/acme', state: { from: '/bills' } });
    expect(screen.getByRole('status').textContent).toContain('Taking you to your organisation');
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://idp.example.com/sso?SAMLRequest=x'));
    expect(seen).toHaveLength(1);
    expect(storedSsoLoginPath()).toBe('/ssologin/acme');
    expect(sessionStorage.getItem('get-sso-from')).toBe('/bills');
  });

  it("logs 'Client does not exist' on 404 and goes to /login", async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fakeApi({ 'POST /ssologin/nope': () => apiError(404, 'Client does not exist') });
    renderAt('/ssologin/nope');
    expect(await screen.findByText('At /login')).toBeTruthy();
    expect(log).toHaveBeenCalledWith('Client does not exist');
    expect(storedSsoLoginPath()).toBeNull();
  });

  it('goes to /login on any other failure', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    fakeApi({ 'POST /ssologin/acme': () => apiError(500, 'Internal error') });
    renderAt('/ssologin/acme');
    expect(await screen.findByText('At /login')).toBeTruthy();
    expect(log).not.toHaveBeenCalledWith('Client does not exist');
    expect(storedSsoLoginPath()).toBe('/ssologin/acme');
  });
});

describe('SsoAcsPage', () => {
  it('is the route module component', () => {
    expect(SsoAcsComponent).toBe(SsoAcsPage);
  });

  it('posts the SAMLResponse from the query once, signs in and goes to the remembered route', async () => {
    sessionStorage.setItem('get-sso-from', '/contracts');
    const seen = fakeApi({
      'POST /ssoacs/acme': () => ({ status: 200, body: { accessToken: fakeAccessToken() } }),
    });
    renderAt('/ssoacs/acme?SAMLResponse=PHNhbWw%2B&RelayState=r1');
    expect(await screen.findByText('At /contracts')).toBeTruthy();
    expect(seen).toHaveLength(1);
    expect(seen[0]?.body).toEqual({ SAMLResponse: 'PHNhbWw+', RelayState: 'r1' });
    expect(appStore.get(isAuthorizedAtom)).toBe(true);
  });

  it('reads the SAMLResponse from the hash too', async () => {
    const seen = fakeApi({
      'POST /ssoacs/acme': () => ({ status: 200, body: { accessToken: fakeAccessToken() } }),
    });
    renderAt({ pathname: '/ssoacs/acme', hash: '#SAMLResponse=abc' });
    expect(await screen.findByText('At /')).toBeTruthy();
    expect(seen[0]?.body).toEqual({ SAMLResponse: 'abc' });
  });

  it('finishes through a refresh after the server took the IdP post (?status=ok)', async () => {
    // happy-dom has `navigator.locks` set to null; a one-holder lock stands in for Web Locks.
    const locks = { request: (_name: string, run: () => unknown) => Promise.resolve(run()) };
    Object.defineProperty(navigator, 'locks', { configurable: true, value: locks });
    const seen = fakeApi({
      'POST /refresh': () => ({ status: 200, body: { accessToken: fakeAccessToken() } }),
    });
    renderAt('/ssoacs/acme?status=ok');
    expect(await screen.findByText('At /')).toBeTruthy();
    expect(seen.map((request) => request.url)).toEqual(['/refresh']);
  });

  it('shows the failure with a way back to /login', async () => {
    localStorage.setItem('get-sso-login-path', '/ssologin/acme');
    fakeApi({ 'POST /ssoacs/acme': () => apiError(401, 'Single sign-on failed') });
    const user = userEvent.setup();
    renderAt('/ssoacs/acme?SAMLResponse=bad');
    expect((await screen.findByRole('alert')).textContent).toBe('Single sign-on failed');
    expect(screen.getByRole('link', { name: 'Try single sign-on again' }).getAttribute('href')).toBe(
      '/ssologin/acme',
    );
    await user.click(screen.getByRole('link', { name: 'Back to sign in' }));
    expect(screen.getByText('At /login')).toBeTruthy();
    expect(appStore.get(isAuthorizedAtom)).toBe(false);
  });

  it('says so when there is no answer to finish with', async () => {
    const seen = fakeApi({});
    renderAt('/ssoacs/acme');
    expect((await screen.findByRole('alert')).textContent).toContain('missing');
    expect(seen).toHaveLength(0);
  });
});

import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { cleanup, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../shared/api/api';
import { staleReducer } from '../shared/api/staleSlice';
import { sessionReducer, type Role, type StoredUser } from '../shared/session/sessionSlice';
import * as toast from '../shared/ui/Toast';
import { GuestOnly, ProfileRedirect, RequireAuth, RequireRole } from './guards';

function user(role: Role): StoredUser {
  return {
    access_token: 'token', token_type: 'bearer', id: 1, name: 'Anna', email: 'a@b.it', role,
    is_admin: role === 'admin', is_designer: role === 'designer', has_designer_profile: false,
  };
}

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.pathname + location.search}</p>;
}

function renderAt(path: string, signedIn: StoredUser | null) {
  const store = configureStore({
    reducer: combineReducers({ [api.reducerPath]: api.reducer, session: sessionReducer, stale: staleReducer }),
    preloadedState: { session: { user: signedIn, rememberMe: false } },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  const page = (name: string) => (
    <>
      <h1>{name}</h1>
      <Where />
    </>
  );
  const router = createMemoryRouter(
    [
      { element: <GuestOnly />, children: [{ path: '/', element: page('home') }] },
      { path: '/login', element: page('login') },
      { element: <RequireAuth />, children: [{ path: '/profile', element: <ProfileRedirect /> }, { path: '/user-profile', element: page('user-profile') }] },
      { element: <RequireRole role="admin" />, children: [{ path: '/admin', element: page('admin') }] },
      { element: <RequireRole role="designer" visitors="page" />, children: [{ path: '/designer-profile', element: page('designer-profile') }] },
    ],
    { initialEntries: [path] },
  );
  render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('route guards', () => {
  it('sends visitors of login-required pages to /login with the way back', async () => {
    renderAt('/user-profile?tab=x', null);
    await screen.findByRole('heading', { name: 'login' });
    expect(screen.getByTestId('where').textContent).toBe('/login?returnTo=%2Fuser-profile%3Ftab%3Dx');
  });

  it('lets a signed-in customer in', async () => {
    renderAt('/user-profile', user('user'));
    expect(await screen.findByRole('heading', { name: 'user-profile' })).toBeTruthy();
  });

  it('turns a customer away from /admin with "Admin access required" to /', async () => {
    const shown = vi.spyOn(toast, 'showToast');
    renderAt('/admin', user('user'));
    await screen.findByRole('heading', { name: 'user-profile' });
    expect(shown).toHaveBeenCalledWith('Admin access required', { tone: 'error' });
    expect(shown).toHaveBeenCalledTimes(1);
  });

  it('turns a customer away from /designer-profile with "Designer access required" to /profile, then their home', async () => {
    const shown = vi.spyOn(toast, 'showToast');
    renderAt('/designer-profile', user('user'));
    await screen.findByRole('heading', { name: 'user-profile' });
    expect(shown).toHaveBeenCalledWith('Designer access required', { tone: 'error' });
  });

  it('lets visitors see the designer dashboard answer for itself, and admins and designers through', async () => {
    renderAt('/designer-profile', null);
    expect(await screen.findByRole('heading', { name: 'designer-profile' })).toBeTruthy();
    cleanup();
    renderAt('/designer-profile', user('designer'));
    expect(await screen.findByRole('heading', { name: 'designer-profile' })).toBeTruthy();
    cleanup();
    renderAt('/admin', user('admin'));
    expect(await screen.findByRole('heading', { name: 'admin' })).toBeTruthy();
  });

  it('sends a signed-in person from / and /profile to their home by role', async () => {
    renderAt('/', user('designer'));
    await screen.findByRole('heading', { name: 'designer-profile' });
    cleanup();
    renderAt('/profile', user('admin'));
    await screen.findByRole('heading', { name: 'admin' });
    cleanup();
    renderAt('/profile', user('user'));
    await screen.findByRole('heading', { name: 'user-profile' });
  });

  it('lets a signed-in customer open the questionnaire from the home page', async () => {
    renderAt('/?openQuestionnaire=true', user('user'));
    expect(await screen.findByRole('heading', { name: 'home' })).toBeTruthy();
  });
});

import { configureStore } from '@reduxjs/toolkit';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { api } from '../shared/api/api';
import { staleReducer } from '../shared/api/staleSlice';
import { sessionReducer, type StoredUser } from '../shared/session/sessionSlice';

/** Giulia, a signed-in customer with id 7: the user of the offline-layer component tests. */
export const CUSTOMER: StoredUser = {
  access_token: 't', token_type: 'bearer', id: 7, name: 'Giulia', email: 'g@example.com',
  role: 'user', is_admin: false, is_designer: false, has_designer_profile: false,
};

/** Renders ui inside a router and a store holding only the session of user. */
export function renderSignedIn(ui: ReactElement, user: StoredUser = CUSTOMER) {
  const store = configureStore({
    reducer: { session: sessionReducer },
    preloadedState: { session: { user, rememberMe: false } },
  });
  return render(
    <Provider store={store}>
      <MemoryRouter>{ui}</MemoryRouter>
    </Provider>,
  );
}

/** Anna, a signed-in customer with id 5: the user of the modal tests that call the API. */
export const ANNA: StoredUser = {
  access_token: 'tok', token_type: 'bearer', id: 5, name: 'Anna', email: 'anna@example.com',
  role: 'user', is_admin: false, is_designer: false, has_designer_profile: false,
};

/** A store with the API cache, staleness and the session of user, for components that call the API. */
export function apiStore(user: StoredUser = ANNA) {
  return configureStore({
    reducer: { [api.reducerPath]: api.reducer, session: sessionReducer, stale: staleReducer },
    preloadedState: { session: { user, rememberMe: false } },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
}

/** Makes the browser report online or offline, and fires the matching event. */
export function setOnline(online: boolean): void {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

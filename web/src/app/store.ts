import { combineReducers, configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { consentReducer } from '../features/consent/consentSlice';
import { api } from '../shared/api/api';
import { staleReducer } from '../shared/api/staleSlice';
import { loadOffline } from '../shared/offline/lazy';
import { requestPersistentStorage } from '../shared/offline/persist';
import { sessionReducer, signedIn, signedOut } from '../shared/session/sessionSlice';
import { shellReducer } from '../shared/shell/shellSlice';

const rootReducer = combineReducers({
  [api.reducerPath]: api.reducer,
  session: sessionReducer,
  stale: staleReducer,
  shell: shellReducer,
  consent: consentReducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/** Builds the store. Cross-cutting reactions to the session live here, where every piece is known. */
export function createAppStore(preloadedState?: Partial<RootState>) {
  const listeners = createListenerMiddleware();
  // A logout forgets every server answer held in memory (IndexedDB is cleared by the logout thunk).
  listeners.startListening({
    actionCreator: signedOut,
    effect: (_action, listenerApi) => {
      listenerApi.dispatch(api.util.resetApiState());
    },
  });
  // Signing in again resumes the outbox entries that waited for this user, and asks the browser to
  // keep this site's storage: from now on the person has queued actions and cached data to lose.
  listeners.startListening({
    actionCreator: signedIn,
    effect: () => {
      void loadOffline().then((offline) => offline.drainOutbox());
      void requestPersistentStorage();
    },
  });
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().prepend(listeners.middleware).concat(api.middleware),
  });
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];

import { Provider } from 'react-redux';
import { RouterProvider, type createBrowserRouter } from 'react-router';
import type { AppStore } from './store';

export interface AppProps {
  store: AppStore;
  router: ReturnType<typeof createBrowserRouter>;
}

/** The providers around the router. */
export function App({ store, router }: AppProps) {
  return (
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>
  );
}

import { Provider } from 'jotai';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { lookUpAnswersAheadOf } from '../platform/database';
import { createAppRouter } from './router';
import { appStore } from '../session/store';

/** The application root: the one jotai store and the router. */
export function App() {
  const [router] = useState(createAppRouter);
  // A navigation's first step loads the route's code; the page's stored answers are looked up meanwhile.
  useEffect(
    () =>
      router.subscribe((state) => {
        if (state.navigation.location) lookUpAnswersAheadOf(state.navigation.location.pathname);
      }),
    [router],
  );
  return (
    <Provider store={appStore}>
      <RouterProvider router={router} />
    </Provider>
  );
}

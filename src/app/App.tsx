import { Provider } from 'jotai';
import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { createAppRouter } from './router';
import { appStore } from './store';

/** The application root: the one jotai store and the router. */
export function App() {
  const [router] = useState(createAppRouter);
  return (
    <Provider store={appStore}>
      <RouterProvider router={router} />
    </Provider>
  );
}

import { Outlet } from 'react-router-dom';
import { UpdatePrompt } from '../pwa/UpdatePrompt';

/** Wraps every page: the update prompt and app-wide providers live here, inside the router. */
export function RootLayout() {
  return (
    <>
      <Outlet />
      <UpdatePrompt />
    </>
  );
}

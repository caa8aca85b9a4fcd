import { Outlet } from 'react-router-dom';
import { PopupProvider } from '../../ui/PopupProvider';
import { ToastProvider } from '../../ui/ToastProvider';
import { UpdatePrompt } from '../pwa/UpdatePrompt';

/** Wraps every page: toasts, popups and the update prompt live here, inside the router. */
export function RootLayout() {
  return (
    <ToastProvider>
      <PopupProvider>
        <Outlet />
        <UpdatePrompt />
      </PopupProvider>
    </ToastProvider>
  );
}

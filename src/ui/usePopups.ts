import { useContext } from 'react';
import { PopupContext } from './popupContext';
import type { PopupApi } from './popupContext';

/** The popup API: successPopup(title, message?), errorPopup(message). Needs a PopupProvider above. */
export function usePopups(): PopupApi {
  const api = useContext(PopupContext);
  if (!api) throw new Error('usePopups must be used inside a PopupProvider');
  return api;
}

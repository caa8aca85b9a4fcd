import { createContext } from 'react';

/** What usePopups() gives: the 2-second success popup and the generic error popup, queued one at a time. */
export type PopupApi = {
  readonly successPopup: (title: string, message?: string) => void;
  readonly errorPopup: (message: string) => void;
};

/** The popup API of the nearest PopupProvider. */
export const PopupContext = createContext<PopupApi | null>(null);

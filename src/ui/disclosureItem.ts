import type { ReactNode } from 'react';

/** One section that a button shows or hides (an accordion's section, a tab's panel), named by its id. */
export type DisclosureItem = {
  id: string;
  content: ReactNode;
  isDisabled?: boolean;
};

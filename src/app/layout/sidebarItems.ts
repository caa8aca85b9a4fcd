import { Home } from 'lucide-react';
import { sidebarEntries } from '../../domain/nav';
import type { NavContext, SidebarEntry } from '../../domain/nav';
import { areaModuleOf } from '../areas';
import type { SidebarItem } from './Sidebar';

/** A count on a sidebar entry: the contracts due (spec 000 §2: admins only), the open alerts. */
export type SidebarBadge = NonNullable<SidebarItem['badge']>;

function iconOf(entry: SidebarEntry): SidebarItem['icon'] | undefined {
  return entry.key === 'home' ? Home : areaModuleOf(entry.key)?.icon;
}

/**
 * The sidebar's links: the domain's visible entries in spec order, each with its area module's icon; Home is the
 * landing and has its own. An area without a module has no page to open, so it gets no link.
 */
export function sidebarItems(
  nav: NavContext,
  contractsBadge?: SidebarBadge,
  alertsBadge?: SidebarBadge,
): SidebarItem[] {
  return sidebarEntries(nav).flatMap((entry): SidebarItem[] => {
    const icon = iconOf(entry);
    if (!icon) return [];
    const shown =
      entry.key === 'contracts' ? contractsBadge : entry.key === 'alerts' ? alertsBadge : undefined;
    return [{ ...entry, icon, ...(shown ? { badge: shown } : {}) }];
  });
}

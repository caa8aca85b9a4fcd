import { ChevronDown } from 'lucide-react';
import { useId, useState } from 'react';
import type { ReactNode } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';
import type { LucideIcon } from 'lucide-react';
import type { SidebarKey } from '../../domain/nav';

/** A sidebar link: path, icon and optional children; a parent opens when a child matches (spec 000 §2). */
export interface SidebarItem {
  key: SidebarKey;
  label: string;
  path: string;
  icon: LucideIcon;
  badge?: { count: number; tooltip: string };
  children?: SidebarItem[];
}

function matches(pathname: string, path: string): boolean {
  return pathname === path || pathname.startsWith(`${path}/`);
}

function SidebarLink({ item }: { item: SidebarItem }) {
  const Icon = item.icon;
  const descriptionId = useId();
  const badge = item.badge && item.badge.count > 0 ? item.badge : null;
  return (
    // A badge's words describe the link ("3 open alerts"): a bare span may not carry an aria-label, and a link's
    // aria-label would have to repeat its visible text.
    <NavLink
      to={item.path}
      end={item.key === 'home'}
      className="sidebar__link"
      aria-describedby={badge ? descriptionId : undefined}
    >
      <Icon aria-hidden="true" size={18} />
      <span className="sidebar__label">{item.label}</span>
      {badge ? (
        <>
          <span className="sidebar__badge" title={badge.tooltip}>
            {badge.count}
          </span>
          <span id={descriptionId} hidden>
            {badge.tooltip}
          </span>
        </>
      ) : null}
    </NavLink>
  );
}

function SidebarParent({ item }: { item: SidebarItem }) {
  const { pathname } = useLocation();
  const childActive = item.children?.some((child) => matches(pathname, child.path)) ?? false;
  const [isOpen, setOpen] = useState(childActive);
  const open = isOpen || childActive;
  const Icon = item.icon;
  const listId = `sidebar-children-${item.key}`;
  return (
    <>
      <button
        type="button"
        className="sidebar__link sidebar__parent"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
      >
        <Icon aria-hidden="true" size={18} />
        <span className="sidebar__label">{item.label}</span>
        <ChevronDown aria-hidden="true" size={16} className="sidebar__chevron" />
      </button>
      {open ? (
        <ul id={listId} className="sidebar__children">
          {item.children?.map((child) => (
            <li key={child.path}>
              <SidebarLink item={child} />
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

/** The sidebar of spec 000 §2: titled GET, a logo linking to the root, entries in the spec's order. */
export function Sidebar({
  items,
  isOpen,
  footer,
}: {
  items: SidebarItem[];
  isOpen: boolean;
  footer?: ReactNode;
}) {
  return (
    <aside className="sidebar" data-open={isOpen} aria-label="Sidebar">
      <Link to="/" className="sidebar__brand" aria-label="GET Energy Portal home">
        <img src="/favicon.svg" alt="" width={32} height={32} />
        <span className="sidebar__title">GET</span>
      </Link>
      <nav aria-label="Main">
        <ul className="sidebar__list">
          {items.map((item) => (
            <li key={item.key}>
              {item.children?.length ? <SidebarParent item={item} /> : <SidebarLink item={item} />}
            </li>
          ))}
        </ul>
      </nav>
      {footer}
    </aside>
  );
}

import { BookUser, Headset, LogOut, Menu } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ThemeMenu } from './ThemeMenu';
import { Breadcrumb } from './Breadcrumb';

/** The top bar of spec 000 §2: support (with support access), contacts, theme settings, logout. */
export function TopBar(props: {
  supportPath: string | null;
  contactsPath: string | null;
  companyName?: string;
  status?: ReactNode;
  onToggleSidebar?: () => void;
  onLogout: () => void;
}) {
  return (
    <header className="topbar">
      {props.onToggleSidebar ? (
        <button
          type="button"
          className="icon-button topbar__menu"
          aria-label="Toggle sidebar"
          onClick={props.onToggleSidebar}
        >
          <Menu aria-hidden="true" size={20} />
        </button>
      ) : null}
      <Breadcrumb companyName={props.companyName} />
      <div className="topbar__actions">
        {props.status}
        {props.supportPath ? (
          <Link
            to={props.supportPath}
            className="icon-button"
            aria-label="Company support"
            title="Company support"
          >
            <Headset aria-hidden="true" size={20} />
          </Link>
        ) : null}
        {props.contactsPath ? (
          <Link to={props.contactsPath} className="icon-button" aria-label="Contacts" title="Contacts">
            <BookUser aria-hidden="true" size={20} />
          </Link>
        ) : null}
        <ThemeMenu />
        <button
          type="button"
          className="icon-button"
          aria-label="Log out"
          title="Log out"
          onClick={props.onLogout}
        >
          <LogOut aria-hidden="true" size={20} />
        </button>
      </div>
    </header>
  );
}

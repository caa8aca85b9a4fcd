import type { ReactNode } from 'react';
import { ArrowLeft, Plus } from 'lucide-react';
import { Link } from 'react-router-dom';

/** Where a page leads back to: a record's page to its list. */
export interface BackTo {
  to: string;
  label: string;
}

/** The quiet link above a page's title back to where it came from. */
export function BackLink({ to, label }: BackTo) {
  return (
    <Link className="page__back" to={to}>
      <ArrowLeft size={16} aria-hidden="true" /> {label}
    </Link>
  );
}

/** Props of a page. */
export type PageProps = {
  /** A record's page links back to its list; a page the sidebar opens has no back link. */
  back?: BackTo;
  /** The id of the title, which names the page's section. */
  titleId: string;
  title: ReactNode;
  /** A class of the title beside `page__title`. */
  titleClassName?: string;
  /** Under the title: a record's place, account or status line. */
  subtitle?: ReactNode;
  /** The page's buttons, at the right of the title. */
  actions?: ReactNode;
  children: ReactNode;
};

/**
 * A page of the app: its section named by its title, the back link of a record's page (an account, a bill, a
 * contract, a site…), the header with the title, the line under it and the page's buttons, then its sections.
 */
export function Page({ back, titleId, title, titleClassName, subtitle, actions, children }: PageProps) {
  return (
    <section className="page" aria-labelledby={titleId}>
      {back ? <BackLink {...back} /> : null}
      <header className="page__header">
        <div>
          <h1 id={titleId} className={titleClassName ? `page__title ${titleClassName}` : 'page__title'}>
            {title}
          </h1>
          {subtitle}
        </div>
        {actions ? <div className="page__actions">{actions}</div> : null}
      </header>
      {children}
    </section>
  );
}

/** Props of a list page's button to a new record: a link to the new record's page, or a button opening its dialog. */
export type NewRecordButtonProps = { label: string } & (
  | { to: string }
  | {
      /** Off while the page cannot add one yet (no company chosen). */
      isDisabled: boolean;
      onClick: () => void;
    }
);

/** The primary action of a list page among the page's buttons: a new record ('Add contract', 'New ticket'). */
export function NewRecordButton(props: NewRecordButtonProps) {
  const content = (
    <>
      <Plus aria-hidden="true" size={16} /> {props.label}
    </>
  );
  return 'to' in props ? (
    <Link className="btn btn--primary" to={props.to}>
      {content}
    </Link>
  ) : (
    <button type="button" className="btn btn--primary" disabled={props.isDisabled} onClick={props.onClick}>
      {content}
    </button>
  );
}

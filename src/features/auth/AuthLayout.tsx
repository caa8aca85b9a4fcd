import type { ReactNode } from 'react';
import '../../ui/controls.css';
import './auth.css';

/** Props of the sign-in page frame. */
export interface AuthLayoutProps {
  title: string;
  /** One line under the title. */
  intro?: ReactNode;
  children: ReactNode;
  /** Links under the card (back to sign in, forgot password...). */
  footer?: ReactNode;
}

/** The frame of every public sign-in page: a centred card under the product's logo and name. */
export function AuthLayout({ title, intro, children, footer }: AuthLayoutProps) {
  return (
    <main className="auth-page">
      <div className="auth-page__column">
        <div className="auth-page__brand">
          <img src="/favicon.svg" alt="" width={44} height={44} />
          <span className="auth-page__product">GET Energy Portal</span>
        </div>
        <section className="auth-card" aria-labelledby="auth-title">
          <h1 id="auth-title" className="auth-card__title">
            {title}
          </h1>
          {intro && <p className="auth-card__intro">{intro}</p>}
          {children}
        </section>
        {footer && (
          <nav className="auth-page__footer" aria-label="Sign-in help">
            {footer}
          </nav>
        )}
        <p className="auth-page__tagline">Utility bills and energy data, online and offline.</p>
      </div>
    </main>
  );
}

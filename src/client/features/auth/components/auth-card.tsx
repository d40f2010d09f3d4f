import { useId, type ReactNode } from 'react';

interface AuthCardProps {
  title: string;
  intro?: ReactNode;
  /** The form, and any button that stands beside it. */
  children: ReactNode;
  /** The `<li>` links under the card (Back to Login, Register...). */
  links: ReactNode;
}

/** The card every signed-out page sits in: heading, a word of welcome, the form and links. */
export function AuthCard({ title, intro, children, links }: AuthCardProps) {
  const headingId = useId();
  return (
    <section className="auth-card" aria-labelledby={headingId}>
      <h1 id={headingId}>{title}</h1>
      {intro ? <p className="auth-card__intro">{intro}</p> : null}
      {children}
      <ul className="auth-card__links">{links}</ul>
    </section>
  );
}

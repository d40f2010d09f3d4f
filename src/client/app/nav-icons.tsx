/** Line icons of the section navigation (issue 9): inline SVG in currentColor, never emoji. */
import type { ReactNode } from 'react';

interface IconProps {
  className?: string;
}

function Icon({ className, children }: IconProps & { children: ReactNode }) {
  return (
    <svg
      className={className}
      viewBox="0 0 24 24"
      width="24"
      height="24"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}

/** A 3 x 3 card. */
export function BingoIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="4" y="4" width="16" height="16" rx="2" />
      <path d="M9.33 4v16M14.67 4v16M4 9.33h16M4 14.67h16" />
    </Icon>
  );
}

/** An open book. */
export function RulesIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 6.5C10 5 7 4.5 4 4.5v14c3 0 6 .5 8 2 2-1.5 5-2 8-2v-14c-3 0-6 .5-8 2zM12 6.5v14" />
    </Icon>
  );
}

/** A speech bubble with lines of text. */
export function BlogIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 5h16v11H10l-4.5 3.5V16H4z" />
      <path d="M8 9h8M8 12h5" />
    </Icon>
  );
}

/** A heart: books the reader may love. */
export function RecommendationsIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 20s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7.2a4.3 4.3 0 0 1 7.5 2.6C19.5 15.4 12 20 12 20z" />
    </Icon>
  );
}

/** A person. */
export function ProfileIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="8" r="4" />
      <path d="M4.5 20.5c.8-3.6 3.8-5.5 7.5-5.5s6.7 1.9 7.5 5.5" />
    </Icon>
  );
}

/** Three people side by side: a reading circle. */
export function ClubsIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="8" r="3" />
      <circle cx="5.5" cy="10" r="2.25" />
      <circle cx="18.5" cy="10" r="2.25" />
      <path d="M6.5 20c.5-3.2 2.7-5 5.5-5s5 1.8 5.5 5M1.5 18.5c.3-2.2 1.8-3.6 3.9-3.6M22.5 18.5c-.3-2.2-1.8-3.6-3.9-3.6" />
    </Icon>
  );
}

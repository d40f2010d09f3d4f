interface HedgehogLogoProps {
  className?: string;
  /** Accessible name; omit when the logo sits beside the app's name (then it is decorative). */
  title?: string;
}

/** A small hedgehog reading a book, drawn inline so it costs no request. */
export function HedgehogLogo({ className, title }: HedgehogLogoProps) {
  return (
    <svg
      className={className}
      viewBox="0 0 64 48"
      width="48"
      height="36"
      role={title ? 'img' : undefined}
      aria-hidden={title ? undefined : true}
      focusable="false"
    >
      {title ? <title>{title}</title> : null}
      <path
        d="M6 34c0-12 10-24 26-24 9 0 16 4 20 10l6 2-4 3c1 3 1 6 0 9H8c-1-0-2 0-2 0z"
        fill="var(--color-bark, #5a3e2b)"
      />
      <path
        d="M10 24l-5-3 6-1-3-5 6 1-1-6 6 3 1-6 5 5 3-6 3 6 4-5 1 6 5-3-1 6"
        fill="none"
        stroke="var(--color-bark-dark, #3b281b)"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <path d="M40 22c6 0 12 4 14 9l4 1-3 2c0 1-1 2-2 2H40z" fill="var(--color-skin, #e9c9a0)" />
      <circle cx="49" cy="27" r="1.8" fill="#1f150e" />
      <circle cx="58.5" cy="32" r="1.6" fill="#1f150e" />
      <path d="M18 44l10-6 10 6 10-6v-4l-10 6-10-6-10 6z" fill="var(--color-moss, #4f6f2f)" />
      <path d="M28 38v6" stroke="var(--color-cream, #fdf6e9)" strokeWidth="1" />
    </svg>
  );
}

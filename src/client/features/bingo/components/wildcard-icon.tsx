/** The wildcard's star, drawn inline: an emoji would depend on the reader's fonts. */
export function WildcardIcon() {
  return (
    <svg
      className="wildcard-icon"
      viewBox="0 0 24 24"
      width="18"
      height="18"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d="M12 2.5l2.9 6 6.6.8-4.9 4.5 1.3 6.5L12 17l-5.9 3.3 1.3-6.5-4.9-4.5 6.6-.8z"
        fill="currentColor"
      />
    </svg>
  );
}

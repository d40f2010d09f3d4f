interface SpinnerProps {
  /** Read to screen readers; also shown beside the spinner when `showLabel` is set. */
  label?: string;
  showLabel?: boolean;
}

/** A rolling hedgehog-brown ring with a status role so the wait is announced. */
export function Spinner({ label = 'Loading...', showLabel = false }: SpinnerProps) {
  return (
    <div className="spinner" role="status">
      <span className="spinner__ring" aria-hidden="true" />
      <span className={showLabel ? undefined : 'visually-hidden'}>{label}</span>
    </div>
  );
}

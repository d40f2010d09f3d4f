interface FormMessageProps {
  kind: 'error' | 'success';
  children: string;
}

/** The inline result of a form: errors are alerts, successes are polite status messages. */
export function FormMessage({ kind, children }: FormMessageProps) {
  return (
    <p
      className={`form-message form-message--${kind}`}
      role={kind === 'error' ? 'alert' : 'status'}
    >
      {children}
    </p>
  );
}

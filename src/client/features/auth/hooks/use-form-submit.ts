import { useState } from 'react';
import { errorText } from '../../../services/api-client';

export type FormResult = { kind: 'error' | 'success'; text: string } | null;

interface SubmitTexts {
  /** Shown once the call has succeeded. */
  success: string;
  /** Shown when the server could not decide (network error, 5xx); a refusal shows its own text. */
  failure: string;
}

/** One auth form's call: a single attempt at a time, its outcome as an inline result message. */
export function useFormSubmit(initialResult: FormResult = null) {
  const [submitting, setSubmitting] = useState(false);
  const [result, setResult] = useState<FormResult>(initialResult);

  function showError(text: string) {
    setResult({ kind: 'error', text });
  }

  /** Runs the call; `call` may also clear the form, in the same render as the success message. */
  async function submit(call: () => Promise<unknown>, texts: SubmitTexts) {
    setResult(null);
    setSubmitting(true);
    try {
      await call();
      setResult({ kind: 'success', text: texts.success });
    } catch (caught) {
      showError(errorText(caught, texts.failure));
    } finally {
      setSubmitting(false);
    }
  }

  return { submitting, result, showError, submit };
}

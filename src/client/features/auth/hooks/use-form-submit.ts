import { useState } from 'react';
import { useSubmitGuard } from '../../../hooks/use-submit-guard';
import { errorText } from '../../../services/api-client';

export type FormResult = { kind: 'error' | 'success'; text: string } | null;

interface SubmitTexts {
  /** Shown once the call has succeeded. */
  success: string;
  /** Shown when the server could not decide (network error, 5xx); a refusal shows its own text. */
  failure: string;
}

/**
 * One auth form's call: a single attempt at a time (a second submit in the same instant is
 * dropped, see useSubmitGuard), its outcome as an inline result message.
 */
export function useFormSubmit(initialResult: FormResult = null) {
  const guard = useSubmitGuard();
  const [result, setResult] = useState<FormResult>(initialResult);

  function showError(text: string) {
    setResult({ kind: 'error', text });
  }

  /** Runs the call; `call` may also clear the form, in the same render as the success message. */
  function submit(call: () => Promise<unknown>, texts: SubmitTexts): Promise<void> {
    return guard.run(async () => {
      setResult(null);
      try {
        await call();
        setResult({ kind: 'success', text: texts.success });
      } catch (caught) {
        showError(errorText(caught, texts.failure));
      }
    });
  }

  return { submitting: guard.pending, result, showError, submit };
}

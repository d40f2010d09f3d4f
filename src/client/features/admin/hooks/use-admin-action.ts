import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { messages } from '../../../../lib/messages';
import { notifyError, notifySuccess } from '../../../app/notify';
import { errorText } from '../../../services/api-client';

/**
 * Runs one admin action at a time: its answer's message (or the server's refusal) is a toast,
 * and the lists under `refresh` load again. `busy` names the running action, so only its own
 * buttons wait; a second action while one runs is dropped.
 */
export function useAdminAction(refresh: readonly (readonly unknown[])[]) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);

  async function run(
    key: string,
    action: () => Promise<{ message: string }>,
    onDone?: () => void,
  ): Promise<boolean> {
    if (busy) return false;
    setBusy(key);
    try {
      const answer = await action();
      notifySuccess(answer.message || messages.adminPage.done);
      onDone?.();
      await Promise.all(refresh.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
      return true;
    } catch (caught) {
      notifyError(errorText(caught, messages.adminPage.actionFailed));
      return false;
    } finally {
      setBusy(null);
    }
  }

  return { run, busy };
}

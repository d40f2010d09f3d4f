import { useState } from 'react';
import { messages } from '../../../../lib/messages';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useSubmitGuard } from '../../../hooks/use-submit-guard';
import { useBlockActions } from '../hooks/use-block-actions';
import '../privacy.css';

interface ReaderProps {
  userId: string;
  /** The name shown to the viewer, for the question and the accessible names. */
  name: string;
}

/** Block, after a question that says what a block does (issue 12, decision 014). */
export function BlockReaderButton({ userId, name }: ReaderProps) {
  const { block } = useBlockActions();
  const [isAsking, setIsAsking] = useState(false);
  return (
    <>
      <button
        type="button"
        className="button button--small button--secondary"
        onClick={() => setIsAsking(true)}
      >
        {messages.privacy.block}
      </button>
      {isAsking ? (
        <ConfirmDialog
          title={messages.privacy.blockTitle(name)}
          question={messages.privacy.blockExplained}
          isBusy={block.isPending}
          // A refusal is a toast (useBlockActions); the question stays open to try again.
          onConfirm={() =>
            block.mutateAsync(userId).then(
              () => setIsAsking(false),
              () => undefined,
            )
          }
          onCancel={() => setIsAsking(false)}
        />
      ) : null}
    </>
  );
}

/** Unblock, at once: it only lets the two see each other again. */
export function UnblockReaderButton({ userId, name }: ReaderProps) {
  const { unblock } = useBlockActions();
  const sending = useSubmitGuard();
  return (
    <button
      type="button"
      className="button button--small button--secondary"
      aria-label={`${messages.privacy.unblock} ${name}`}
      disabled={sending.pending || unblock.isPending}
      onClick={() => void sending.run(() => unblock.mutateAsync(userId).catch(() => undefined))}
    >
      {messages.privacy.unblock}
    </button>
  );
}

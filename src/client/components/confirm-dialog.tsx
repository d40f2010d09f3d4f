import { useSubmitGuard } from '../hooks/use-submit-guard';
import { Modal } from './modal';

interface ConfirmDialogProps {
  title: string;
  /** The question, e.g. "Remove Dune from your books?" */
  question: string;
  /** The confirmed action; return its promise so a double click on YES sends it once. */
  onConfirm: () => void | Promise<unknown>;
  onCancel: () => void;
  /** While the confirmed action runs, both answers are disabled. */
  isBusy?: boolean;
}

/** A YES/NO question in a modal (SPEC.md section 2, Remove Book confirmation). */
export function ConfirmDialog({
  title,
  question,
  onConfirm,
  onCancel,
  isBusy = false,
}: ConfirmDialogProps) {
  const confirming = useSubmitGuard();
  const busy = isBusy || confirming.pending;
  return (
    <Modal
      title={title}
      onClose={onCancel}
      footer={
        <>
          <button
            type="button"
            className="button button--danger"
            disabled={busy}
            onClick={() => void confirming.run(async () => onConfirm())}
          >
            YES
          </button>
          <button
            type="button"
            className="button button--secondary"
            disabled={busy}
            onClick={onCancel}
          >
            NO
          </button>
        </>
      }
    >
      <p>{question}</p>
    </Modal>
  );
}

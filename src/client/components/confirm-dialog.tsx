import { Modal } from './modal';

interface ConfirmDialogProps {
  title: string;
  /** The question, e.g. "Remove Dune from your books?" */
  question: string;
  onConfirm: () => void;
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
  return (
    <Modal
      title={title}
      onClose={onCancel}
      footer={
        <>
          <button
            type="button"
            className="button button--danger"
            disabled={isBusy}
            onClick={onConfirm}
          >
            YES
          </button>
          <button
            type="button"
            className="button button--secondary"
            disabled={isBusy}
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

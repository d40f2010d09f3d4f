import { Modal } from '../../../components/modal';

interface ResetGridModalProps {
  isResetting: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before Reset Grid removes every book on the card and the points they earned. */
export function ResetGridModal({ isResetting, onConfirm, onCancel }: ResetGridModalProps) {
  return (
    <Modal
      title="Reset your grid?"
      onClose={onCancel}
      footer={
        <>
          <button type="button" className="button button--secondary" onClick={onCancel}>
            Cancel
          </button>
          <button
            type="button"
            className="button button--danger"
            disabled={isResetting}
            onClick={onConfirm}
          >
            Yes, reset my grid
          </button>
        </>
      }
    >
      <p>
        Every book comes off your card and the points they earned are taken away. Past challenges
        keep their books. This cannot be undone.
      </p>
    </Modal>
  );
}

import { useId, useState, type FormEvent } from 'react';
import { messages } from '../../../../lib/messages';
import { AdminEraseBody } from '../../../../lib/schemas/erasure';
import { FormMessage } from '../../../components/form-message';
import { Modal } from '../../../components/modal';
import { eraseUser } from '../api/admin-api';

const text = messages.adminPage;

interface EraseDialogProps {
  userId: string;
  name: string;
  run: (action: () => Promise<{ message: string }>) => Promise<boolean>;
  onClose: () => void;
}

/** An admin's erasure of an account: a reason for the audit log and the word typed to confirm. */
export function EraseDialog({ userId, name, run, onClose }: EraseDialogProps) {
  const formId = useId();
  const reasonId = useId();
  const confirmId = useId();
  const [reason, setReason] = useState('');
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const word = text.eraseConfirmWord;

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const parsed = AdminEraseBody.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? messages.generic.badRequest);
      return;
    }
    if (typed.trim() !== word) {
      setError(text.eraseConfirmMismatch(word));
      return;
    }
    setError(null);
    setSending(true);
    const done = await run(() => eraseUser(userId, parsed.data.reason));
    setSending(false);
    if (done) onClose();
  }

  return (
    <Modal
      title={text.eraseTitle(name)}
      role="alertdialog"
      onClose={onClose}
      footer={
        <>
          <button type="submit" form={formId} className="button button--danger" disabled={sending}>
            {text.eraseButton}
          </button>
          <button type="button" className="button button--secondary" onClick={onClose}>
            {text.cancel}
          </button>
        </>
      }
    >
      <p>{text.eraseExplained}</p>
      <form id={formId} className="form" noValidate onSubmit={(event) => void handleSubmit(event)}>
        <div className="field">
          <label htmlFor={reasonId} className="field__label">
            {text.reasonLabel}
          </label>
          <textarea
            id={reasonId}
            className="field__input"
            rows={3}
            maxLength={500}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={confirmId} className="field__label">
            {text.eraseConfirmLabel(word)}
          </label>
          <input
            id={confirmId}
            className="field__input"
            autoComplete="off"
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
          />
        </div>
        {error ? <FormMessage kind="error">{error}</FormMessage> : null}
      </form>
    </Modal>
  );
}

import { useId, useState, type FormEvent } from 'react';
import { messages } from '../../../../lib/messages';
import { SuspendBody, SUSPENSION_DAYS_MAX } from '../../../../lib/schemas/moderation';
import { FormMessage } from '../../../components/form-message';
import { Modal } from '../../../components/modal';
import { suspendUser } from '../api/admin-api';

const text = messages.adminPage;

interface SuspendDialogProps {
  userId: string;
  name: string;
  /** Runs the suspension (a toast says how it went); resolves true when it was done. */
  run: (action: () => Promise<{ message: string }>) => Promise<boolean>;
  onClose: () => void;
}

/**
 * Suspends a reader for a number of days or for good, with the reason the audit log keeps.
 * The contract's own schema checks the form first: a bad number or no reason sends nothing.
 */
export function SuspendDialog({ userId, name, run, onClose }: SuspendDialogProps) {
  const formId = useId();
  const reasonId = useId();
  const daysId = useId();
  const [forGood, setForGood] = useState(false);
  const [days, setDays] = useState('7');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const parsed = SuspendBody.safeParse({
      days: forGood ? null : days.trim() === '' ? undefined : Number(days),
      reason,
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? messages.generic.badRequest);
      return;
    }
    setError(null);
    setSending(true);
    const done = await run(() => suspendUser(userId, parsed.data));
    setSending(false);
    if (done) onClose();
  }

  return (
    <Modal
      title={text.suspendTitle(name)}
      onClose={onClose}
      footer={
        <>
          <button type="submit" form={formId} className="button button--danger" disabled={sending}>
            {text.suspendButton}
          </button>
          <button type="button" className="button button--secondary" onClick={onClose}>
            {text.cancel}
          </button>
        </>
      }
    >
      <form id={formId} className="form" noValidate onSubmit={(event) => void handleSubmit(event)}>
        <fieldset className="field admin-radios">
          <legend className="field__label">{text.suspendLength}</legend>
          <label>
            <input
              type="radio"
              name="length"
              checked={!forGood}
              onChange={() => setForGood(false)}
            />{' '}
            {text.suspendFor}
          </label>
          <label>
            <input type="radio" name="length" checked={forGood} onChange={() => setForGood(true)} />{' '}
            {text.suspendForGood}
          </label>
        </fieldset>
        {forGood ? null : (
          <div className="field">
            <label htmlFor={daysId} className="field__label">
              {text.daysLabel}
            </label>
            <input
              id={daysId}
              className="field__input"
              type="number"
              inputMode="numeric"
              min={1}
              max={SUSPENSION_DAYS_MAX}
              value={days}
              onChange={(event) => setDays(event.target.value)}
            />
          </div>
        )}
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
        {error ? <FormMessage kind="error">{error}</FormMessage> : null}
      </form>
    </Modal>
  );
}

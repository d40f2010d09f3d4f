import { useId, useRef, useState, type FormEvent } from 'react';
import { messages } from '../../../../lib/messages';
import {
  CreateReportBody,
  REPORT_NOTE_MAX,
  ReportReason,
  type ReportTargetType,
} from '../../../../lib/schemas/moderation';
import { FormMessage } from '../../../components/form-message';
import { Modal } from '../../../components/modal';
import { useCurrentUser } from '../../../hooks/use-current-user';
import { errorText } from '../../../services/api-client';
import { sendReport } from '../api/reports-api';
import '../reports.css';

const text = messages.reporting;

interface ReportButtonProps {
  targetType: ReportTargetType;
  targetId: string;
  /** The button's accessible name, e.g. "Report the post about Dune". */
  label: string;
  /** Whose content it is: nobody reports their own. */
  ownerId?: string | null;
  className?: string;
}

/**
 * "Report" on someone else's post, profile or club (issue 23). Signed-in readers only: a guest
 * and the content's own author see nothing.
 */
export function ReportButton({
  targetType,
  targetId,
  label,
  ownerId,
  className,
}: ReportButtonProps) {
  const { user } = useCurrentUser();
  const [open, setOpen] = useState(false);
  if (!user || user.isAnonymous || user.role === 'guest') return null;
  if (ownerId && ownerId === user.id) return null;
  return (
    <>
      <button
        type="button"
        className={className ?? 'link-button report-button'}
        aria-label={label}
        onClick={() => setOpen(true)}
      >
        {text.report}
      </button>
      {open ? (
        <ReportDialog
          targetType={targetType}
          targetId={targetId}
          title={label}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}

interface ReportDialogProps {
  targetType: ReportTargetType;
  targetId: string;
  title: string;
  onClose: () => void;
}

/** The reasons, an optional note, then the server's "received" text in place of the form. */
export function ReportDialog({ targetType, targetId, title, onClose }: ReportDialogProps) {
  const formId = useId();
  const noteId = useId();
  const hintId = useId();
  const [reason, setReason] = useState<string>('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [received, setReceived] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const closeRef = useRef<HTMLButtonElement>(null);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const parsed = CreateReportBody.safeParse({
      targetType,
      targetId,
      reason: reason || undefined,
      ...(note.trim() ? { note } : {}),
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setError(
        issue?.path[0] === 'reason'
          ? text.reasonRequired
          : issue?.path[0] === 'note'
            ? text.noteTooLong(REPORT_NOTE_MAX)
            : (issue?.message ?? messages.generic.badRequest),
      );
      return;
    }
    setError(null);
    setSending(true);
    try {
      const answer = await sendReport(parsed.data);
      setReceived(answer.message);
      // The form is gone: the focus goes to the button that closes the dialog.
      setTimeout(() => closeRef.current?.focus(), 0);
    } catch (caught) {
      setError(errorText(caught, text.failed));
    } finally {
      setSending(false);
    }
  }

  return (
    <Modal
      title={title}
      onClose={onClose}
      footer={
        received ? (
          <button ref={closeRef} type="button" className="button button--primary" onClick={onClose}>
            {text.close}
          </button>
        ) : (
          <>
            <button
              type="submit"
              form={formId}
              className="button button--primary"
              disabled={sending}
            >
              {text.send}
            </button>
            <button type="button" className="button button--secondary" onClick={onClose}>
              {messages.adminPage.cancel}
            </button>
          </>
        )
      }
    >
      {received ? (
        <p className="form-message form-message--success" role="status">
          {received}
        </p>
      ) : (
        <form
          id={formId}
          className="form"
          noValidate
          onSubmit={(event) => void handleSubmit(event)}
        >
          <fieldset className="field report-reasons">
            <legend className="field__label">{text.reasonLegend}</legend>
            {ReportReason.options.map((option) => (
              <label key={option} className="report-reasons__option">
                <input
                  type="radio"
                  name="reason"
                  value={option}
                  checked={reason === option}
                  onChange={() => setReason(option)}
                />{' '}
                {text.reasons[option]}
              </label>
            ))}
          </fieldset>
          <div className="field">
            <label htmlFor={noteId} className="field__label">
              {text.noteLabel}
            </label>
            <textarea
              id={noteId}
              className="field__input"
              rows={3}
              maxLength={REPORT_NOTE_MAX}
              aria-describedby={hintId}
              value={note}
              onChange={(event) => setNote(event.target.value)}
            />
            <p id={hintId} className="field__hint">
              {text.noteHint(REPORT_NOTE_MAX)}
            </p>
          </div>
          {error ? <FormMessage kind="error">{error}</FormMessage> : null}
        </form>
      )}
    </Modal>
  );
}

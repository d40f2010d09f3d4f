import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { messages } from '../../../../lib/messages';
import type { ErasurePreviewResponse } from '../../../../lib/schemas/erasure';
import { notifySuccess } from '../../../app/notify';
import { FormMessage } from '../../../components/form-message';
import { LoadError } from '../../../components/load-error';
import { Modal } from '../../../components/modal';
import { Spinner } from '../../../components/spinner';
import { apiRequest, errorText } from '../../../services/api-client';
import { ME_QUERY_KEY, type MeResponse } from '../../../services/session-api';

const text = messages.deleteAccount;

/** Issue 23: the reader deletes their own account, after seeing what goes and what passes on. */
export function DeleteAccount() {
  const headingId = useId();
  const [open, setOpen] = useState(false);
  return (
    <section className="panel delete-account" aria-labelledby={headingId}>
      <h2 id={headingId}>{text.heading}</h2>
      <p>{text.intro}</p>
      <button type="button" className="button button--danger" onClick={() => setOpen(true)}>
        {text.open}
      </button>
      {open ? <DeleteAccountDialog onClose={() => setOpen(false)} /> : null}
    </section>
  );
}

function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const formId = useId();
  const passwordId = useId();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const preview = useQuery({
    queryKey: ['me', 'erasure'],
    queryFn: () => apiRequest<ErasurePreviewResponse>('/api/me/erasure'),
    staleTime: 0,
  });
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending || !preview.data) return;
    const needsPassword = preview.data.passwordRequired;
    if (needsPassword && password === '') {
      setError(text.passwordRequired);
      return;
    }
    setError(null);
    setSending(true);
    try {
      await apiRequest('/api/me/erase', {
        method: 'POST',
        body: needsPassword ? { password } : {},
      });
    } catch (caught) {
      // A wrong password (or any refusal) changes nothing: the dialog stays, with the reason.
      setError(errorText(caught, text.failed));
      setSending(false);
      return;
    }
    // Signed out: forget everything cached for the old session, then the start page.
    queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== ME_QUERY_KEY[0] });
    queryClient.setQueryData<MeResponse>(ME_QUERY_KEY, { user: null });
    notifySuccess(text.deleted, 'account-deleted');
    await navigate('/login', { replace: true });
  }

  let body;
  if (preview.isPending) body = <Spinner label={text.loading} showLabel />;
  else if (preview.isError) body = <LoadError error={preview.error} fallback={text.loadFailed} />;
  else {
    const { clubs, passwordRequired } = preview.data;
    body = (
      <form id={formId} className="form" noValidate onSubmit={(event) => void handleSubmit(event)}>
        {clubs.length === 0 ? (
          <p>{text.noClubs}</p>
        ) : (
          <>
            <p>{text.clubsIntro}</p>
            <ul>
              {clubs.map((club) => (
                <li key={club.clubId}>
                  {club.outcome === 'deleted'
                    ? text.clubDeleted(club.name)
                    : text.clubTransferred(club.name, club.newOwnerName)}
                </li>
              ))}
            </ul>
          </>
        )}
        {passwordRequired ? (
          <div className="field">
            <label htmlFor={passwordId} className="field__label">
              {text.passwordLabel}
            </label>
            <input
              id={passwordId}
              className="field__input"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </div>
        ) : (
          <p>{text.guestNote}</p>
        )}
        {error ? <FormMessage kind="error">{error}</FormMessage> : null}
      </form>
    );
  }

  return (
    <Modal
      title={text.heading}
      role="alertdialog"
      onClose={onClose}
      footer={
        <>
          <button
            type="submit"
            form={formId}
            className="button button--danger"
            disabled={sending || !preview.data}
          >
            {text.confirm}
          </button>
          <button type="button" className="button button--secondary" onClick={onClose}>
            {messages.adminPage.cancel}
          </button>
        </>
      }
    >
      <p>{text.intro}</p>
      {/* Same-origin download: the session cookie goes along (issue 5's export). */}
      <p>
        <a className="button button--secondary" href="/api/exports/me.json" download>
          {text.download}
        </a>
      </p>
      {body}
    </Modal>
  );
}

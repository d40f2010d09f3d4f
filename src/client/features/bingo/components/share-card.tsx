import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { messages } from '../../../../lib/messages';
import type { CreateShareResponse } from '../../../../lib/schemas/share';
import { notifyError, notifySuccess } from '../../../app/notify';
import { Modal } from '../../../components/modal';
import { errorText } from '../../../services/api-client';
import { createShare, revokeShare, SHARES_QUERY_KEY, sharesQueryOptions } from '../api/shares-api';
import '../share-card.css';

type NewLink = CreateShareResponse['share'];

function formatDay(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB', { dateStyle: 'medium' });
}

interface ShareCardProps {
  gridId: string;
}

/**
 * Issue 12: 'Share card' beside the card's other actions. It opens a dialog that makes a public,
 * read-only link to this card, shows it with Copy, and revokes it. The server keeps only a hash
 * of a link's token, so a link's address is shown once, when it is made; a live link made
 * earlier is named by its date, and a new link replaces it.
 */
export function ShareCard({ gridId }: ShareCardProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button button--secondary" onClick={() => setOpen(true)}>
        {messages.share.button}
      </button>
      {open ? <ShareCardDialog gridId={gridId} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function ShareCardDialog({ gridId, onClose }: ShareCardProps & { onClose: () => void }) {
  const queryClient = useQueryClient();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [made, setMade] = useState<NewLink | null>(null);
  const [status, setStatus] = useState('');
  const shares = useQuery(sharesQueryOptions);
  const live = made ?? shares.data?.shares.find((share) => share.gridId === gridId) ?? null;

  const create = useMutation({
    mutationFn: () => createShare(gridId),
    onSuccess: (response) => {
      setMade(response.share);
      setStatus(response.message);
      void queryClient.invalidateQueries({ queryKey: SHARES_QUERY_KEY });
    },
    onError: (error) => notifyError(errorText(error, messages.share.createFailed)),
  });

  const revoke = useMutation({
    mutationFn: (id: string) => revokeShare(id),
    onSuccess: (response) => {
      setMade(null);
      setStatus(response.message);
      notifySuccess(response.message);
      void queryClient.invalidateQueries({ queryKey: SHARES_QUERY_KEY });
    },
    onError: (error) => notifyError(errorText(error, messages.share.revokeFailed)),
  });

  async function handleCopy(url: string) {
    try {
      await navigator.clipboard.writeText(url);
      setStatus(messages.share.copied);
    } catch {
      // No clipboard (an insecure page, a refusal): the link is selected for the reader to copy.
      inputRef.current?.select();
      setStatus(messages.share.copyFailed);
    }
  }

  const busy = create.isPending || revoke.isPending;
  const footer = (
    <button type="button" className="button button--secondary" onClick={onClose}>
      {messages.share.close}
    </button>
  );

  let body;
  if (made) {
    body = (
      <div className="share-card__link">
        <label htmlFor={inputId}>{messages.share.linkLabel}</label>
        <input
          ref={inputRef}
          id={inputId}
          className="share-card__url"
          type="url"
          readOnly
          value={made.url}
          onFocus={(event) => event.currentTarget.select()}
        />
        <div className="share-card__buttons">
          <button
            type="button"
            className="button button--primary"
            onClick={() => void handleCopy(made.url)}
          >
            {messages.share.copy}
          </button>
          <button
            type="button"
            className="button button--secondary"
            disabled={busy}
            onClick={() => revoke.mutate(made.id)}
          >
            {messages.share.revoke}
          </button>
        </div>
      </div>
    );
  } else if (live) {
    body = (
      <div className="share-card__link">
        <p>{messages.share.live(formatDay(live.createdAt))}</p>
        <p className="note">{messages.share.liveHint}</p>
        <div className="share-card__buttons">
          <button
            type="button"
            className="button button--primary"
            disabled={busy}
            onClick={() => create.mutate()}
          >
            {create.isPending ? messages.share.creating : messages.share.newLink}
          </button>
          <button
            type="button"
            className="button button--secondary"
            disabled={busy}
            onClick={() => revoke.mutate(live.id)}
          >
            {messages.share.revoke}
          </button>
        </div>
      </div>
    );
  } else {
    body = (
      <div className="share-card__buttons">
        <button
          type="button"
          className="button button--primary"
          disabled={busy || shares.isPending}
          onClick={() => create.mutate()}
        >
          {create.isPending ? messages.share.creating : messages.share.create}
        </button>
      </div>
    );
  }

  return (
    <Modal title={messages.share.dialogTitle} onClose={onClose} footer={footer}>
      <div className="share-card">
        <p>{messages.share.explained}</p>
        {body}
        <p className="share-card__status" role="status">
          {status}
        </p>
      </div>
    </Modal>
  );
}

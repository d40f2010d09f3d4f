import { useId, useState, type FormEvent } from 'react';
import { TextField } from '../../../components/form-field';
import { Modal } from '../../../components/modal';
import { useSubmitGuard } from '../../../hooks/use-submit-guard';

interface AddFriendModalProps {
  /** Sends the request; resolves true when it was sent (the modal then closes). */
  onAdd: (query: string) => Promise<boolean>;
  onClose: () => void;
  isSending: boolean;
}

/**
 * Add Friend (SPEC.md sections 2 and 5): an email or username, ADD and CANCEL. An empty input
 * just closes the modal. The server's answer is a toast; after a refusal ('No user found ...')
 * the modal stays open so the name can be corrected.
 */
export function AddFriendModal({ onAdd, onClose, isSending }: AddFriendModalProps) {
  const formId = useId();
  const [query, setQuery] = useState('');
  const adding = useSubmitGuard();

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const wanted = query.trim();
    if (wanted === '') {
      onClose();
      return;
    }
    await adding.run(async () => {
      if (await onAdd(wanted)) onClose();
    });
  }

  return (
    <Modal
      title="Add Friend"
      onClose={onClose}
      footer={
        <>
          <button
            type="submit"
            form={formId}
            className="button button--primary"
            disabled={isSending || adding.pending}
          >
            ADD
          </button>
          <button type="button" className="button button--secondary" onClick={onClose}>
            CANCEL
          </button>
        </>
      }
    >
      <form
        id={formId}
        className="form"
        noValidate
        onSubmit={(event) => {
          void handleSubmit(event);
        }}
      >
        <TextField
          label="Email or username"
          name="friend"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
      </form>
    </Modal>
  );
}

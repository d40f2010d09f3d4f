import { messages } from '../../lib/messages';
import './update-prompt.css';

interface UpdatePromptProps {
  onReload: () => void;
  onLater: () => void;
}

/**
 * Shown when a new version of the app has been downloaded and waits (issue 26): the reader
 * chooses when to reload, so nothing they are doing is cut off.
 */
export function UpdatePrompt({ onReload, onLater }: UpdatePromptProps) {
  return (
    <div className="update-prompt" role="status">
      <p className="update-prompt__text">{messages.offline.updateReady}</p>
      <div className="update-prompt__actions">
        <button type="button" className="button button--primary" onClick={onReload}>
          {messages.offline.reloadToUpdate}
        </button>
        <button type="button" className="button button--secondary" onClick={onLater}>
          {messages.offline.updateLater}
        </button>
      </div>
    </div>
  );
}

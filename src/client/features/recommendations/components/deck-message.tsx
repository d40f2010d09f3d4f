import { Link } from 'react-router';
import { messages } from '../../../../lib/messages';
import { HedgehogLogo } from '../../../components/hedgehog-logo';

interface DeckMessageProps {
  message: string;
  /** An error reads as an alert; the empty and run-out screens as plain news. */
  tone: 'error' | 'info';
  /** Omit to show no 'Refresh Recommendations' button (the empty screen). */
  onRefresh?: () => void;
}

/** The error, empty and run-out screens (SPEC.md sections 2 and 8), each with a way on. */
export function DeckMessage({ message, tone, onRefresh }: DeckMessageProps) {
  return (
    <div className={`rec-message rec-message--${tone}`}>
      <HedgehogLogo className="rec-message__hedgehog" />
      <p className="rec-message__text" role={tone === 'error' ? 'alert' : undefined}>
        {message}
      </p>
      <div className="rec-message__actions">
        {onRefresh ? (
          <button type="button" className="button button--primary" onClick={onRefresh}>
            {messages.recommendations.refresh}
          </button>
        ) : null}
        <Link to="/bingo" className="button button--secondary">
          {messages.recommendations.backToBingo}
        </Link>
      </div>
    </div>
  );
}

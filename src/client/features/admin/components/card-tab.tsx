import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { CHALLENGE_LABEL_MAX } from '../../../../lib/limits';
import { messages } from '../../../../lib/messages';
import { EditCellBody, EndGridBody, type GridSummary } from '../../../../lib/schemas/admin';
import { CardResultsLink } from '../../../components/card-results-link';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { TextField } from '../../../components/form-field';
import { FormMessage } from '../../../components/form-message';
import { LoadError } from '../../../components/load-error';
import { Spinner } from '../../../components/spinner';
import { cardQueryOptions, CARD_QUERY_ROOT } from '../../bingo/api/card-api';
import { gridsQueryOptions } from '../../bingo/api/grids-api';
import { editCell, endGrid } from '../api/admin-api';
import { useAdminAction } from '../hooks/use-admin-action';
import { CreateGridForm } from './create-grid-form';
import { ResetDateForm } from './reset-date-form';

const text = messages.adminPage;

/** The shared card's tab: the reset date, a new card, and the current card's corrections. */
export function CardTab() {
  return (
    <>
      <ResetDateForm />
      <CurrentCardTools />
      <CreateGridForm />
    </>
  );
}

function CurrentCardTools() {
  const headingId = useId();
  const grids = useQuery(gridsQueryOptions);
  let body;
  if (grids.isPending) body = <Spinner label={text.loadingCard} showLabel />;
  else if (grids.isError) body = <LoadError error={grids.error} fallback={text.loadFailed} />;
  else {
    const current = grids.data.grids.find((grid) => grid.isCurrent && !grid.club);
    body = current ? (
      <>
        <p>{current.title}</p>
        {/* Issue 24: how the season goes, and its results for whoever gives the prizes. */}
        <p className="admin-card-links">
          <Link to={`/dashboard/${encodeURIComponent(current.id)}`}>
            {messages.dashboard.openDashboard}
          </Link>
          <CardResultsLink gridId={current.id} title={current.title} />
        </p>
        <CorrectSquareForm grid={current} />
        <EndCardForm grid={current} />
      </>
    ) : (
      <p className="empty">{text.noCurrentCard}</p>
    );
  }
  return (
    <section className="panel" aria-labelledby={headingId}>
      <h2 id={headingId}>{text.currentCard}</h2>
      {body}
    </section>
  );
}

/** Issue 23: a square's challenge and label, while nobody has placed a book on it. */
function CorrectSquareForm({ grid }: { grid: GridSummary }) {
  const headingId = useId();
  const selectId = useId();
  const card = useQuery(cardQueryOptions(grid.id, true));
  const [position, setPosition] = useState(0);

  if (card.isPending) return <Spinner label={text.loadingCard} showLabel />;
  if (card.isError) return <LoadError error={card.error} fallback={text.loadFailed} />;
  const cell = card.data.cells.find((candidate) => candidate.position === position);

  return (
    <div className="admin-subsection" aria-labelledby={headingId} role="group">
      <h3 id={headingId}>{text.correctHeading}</h3>
      <p className="field__hint">{text.correctIntro}</p>
      <div className="field">
        <label htmlFor={selectId} className="field__label">
          {text.squareLabel}
        </label>
        <select
          id={selectId}
          className="field__input"
          value={position}
          onChange={(event) => setPosition(Number(event.target.value))}
        >
          {card.data.cells.map((option) => (
            <option key={option.id} value={option.position}>
              {text.squareOption(option.position + 1, option.challenge)}
            </option>
          ))}
        </select>
      </div>
      {/* A new square starts its fields afresh from what it says now. */}
      <SquareFields
        key={`${position}:${cell?.challenge ?? ''}:${cell?.label ?? ''}`}
        gridId={grid.id}
        position={position}
        challenge={cell?.challenge ?? ''}
        label={cell?.label ?? ''}
      />
    </div>
  );
}

interface SquareFieldsProps {
  gridId: string;
  position: number;
  challenge: string;
  label: string;
}

function SquareFields({ gridId, position, ...initial }: SquareFieldsProps) {
  const reasonId = useId();
  const [challenge, setChallenge] = useState(initial.challenge);
  const [label, setLabel] = useState(initial.label);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const action = useAdminAction([['grids'], CARD_QUERY_ROOT]);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = EditCellBody.safeParse({
      challenge,
      label: label.trim() === '' ? null : label,
      ...(reason.trim() ? { reason } : {}),
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? messages.generic.badRequest);
      return;
    }
    setError(null);
    void action.run('cell', () => editCell(gridId, position, parsed.data));
  }

  return (
    <form className="form" noValidate onSubmit={handleSubmit}>
      <TextField
        label={text.challengeLabel}
        value={challenge}
        onChange={(event) => setChallenge(event.target.value)}
      />
      <TextField
        label={text.shortLabel}
        value={label}
        maxLength={CHALLENGE_LABEL_MAX}
        hint={messages.admin.challengeLabelHint}
        onChange={(event) => setLabel(event.target.value)}
      />
      <div className="field">
        <label htmlFor={reasonId} className="field__label">
          {text.reasonOptionalLabel}
        </label>
        <input
          id={reasonId}
          className="field__input"
          value={reason}
          maxLength={500}
          onChange={(event) => setReason(event.target.value)}
        />
      </div>
      {error ? <FormMessage kind="error">{error}</FormMessage> : null}
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={action.busy !== null}>
          {text.saveSquare}
        </button>
      </div>
    </form>
  );
}

/** Issue 23: ends the current shared card now, with a reason, after a confirmation. */
function EndCardForm({ grid }: { grid: GridSummary }) {
  const headingId = useId();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const action = useAdminAction([['grids'], CARD_QUERY_ROOT]);
  const reasonId = useId();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = EndGridBody.safeParse({ reason });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? messages.admin.reasonRequired);
      return;
    }
    setError(null);
    setConfirming(true);
  }

  return (
    <div className="admin-subsection" aria-labelledby={headingId} role="group">
      <h3 id={headingId}>{text.endHeading}</h3>
      <p className="field__hint">{text.endIntro}</p>
      <form className="form" noValidate onSubmit={handleSubmit}>
        <div className="field">
          <label htmlFor={reasonId} className="field__label">
            {text.reasonLabel}
          </label>
          <input
            id={reasonId}
            className="field__input"
            value={reason}
            maxLength={500}
            onChange={(event) => setReason(event.target.value)}
          />
        </div>
        {error ? <FormMessage kind="error">{error}</FormMessage> : null}
        <div className="form__actions">
          <button type="submit" className="button button--danger" disabled={action.busy !== null}>
            {text.endButton}
          </button>
        </div>
      </form>
      {confirming ? (
        <ConfirmDialog
          title={text.endConfirmTitle}
          question={text.endConfirmQuestion(grid.title)}
          onCancel={() => setConfirming(false)}
          onConfirm={() =>
            action
              .run('end', () => endGrid(grid.id, reason.trim()))
              .then(() => {
                setConfirming(false);
                setReason('');
              })
          }
        />
      ) : null}
    </div>
  );
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useId, useState, type FormEvent } from 'react';
import { DEFAULT_CHALLENGE_RULES, type ChallengeRule } from '../../../../lib/challenge-rules';
import { DEFAULT_CHALLENGES, DEFAULT_GRID_TITLE } from '../../../../lib/challenges';
import { messages } from '../../../../lib/messages';
import { CreateGridBody } from '../../../../lib/schemas/admin';
import { notifyError, notifySuccess } from '../../../app/notify';
import { FormMessage } from '../../../components/form-message';
import { TextField } from '../../../components/form-field';
import { ApiError } from '../../../services/api-client';
import { createGrid } from '../api/admin-api';
import { RulePicker } from './rule-picker';
import { useSubmitGuard } from '../../../hooks/use-submit-guard';

/**
 * Creates the shared grid, which becomes the current one. The form starts from the spec's
 * May Reading Challenge and every text may be edited (DESIGN.md, where we differ).
 */
export function CreateGridForm() {
  const headingId = useId();
  const queryClient = useQueryClient();
  const [title, setTitle] = useState<string>(DEFAULT_GRID_TITLE);
  const [challenges, setChallenges] = useState<string[]>(() => [...DEFAULT_CHALLENGES]);
  // Issue 11: a checkable rule beside each text, starting from the seeded grid's.
  const [rules, setRules] = useState<(ChallengeRule | null)[]>(() => [...DEFAULT_CHALLENGE_RULES]);
  const [error, setError] = useState<string | null>(null);
  // The rule pickers stay folded until asked for: most grids keep the defaults.
  const [showRules, setShowRules] = useState(false);

  const creating = useSubmitGuard();
  const mutation = useMutation({
    mutationFn: createGrid,
    onSuccess: async () => {
      notifySuccess(messages.admin.gridCreated);
      await queryClient.invalidateQueries({ queryKey: ['grids'] });
    },
    onError: (caught) => {
      const reason = caught instanceof ApiError ? caught.message : messages.generic.serverError;
      notifyError(messages.admin.gridError(reason));
    },
  });

  function handleChallengeChange(index: number, value: string) {
    setChallenges((previous) => previous.map((challenge, i) => (i === index ? value : challenge)));
  }

  // Stable, so the memoised pickers do not re-render while a text is typed.
  const handleRuleChange = useCallback((index: number, rule: ChallengeRule | null) => {
    setRules((previous) => previous.map((current, i) => (i === index ? rule : current)));
  }, []);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The same schema the server validates with (trims, needs every text, limits lengths).
    const parsed = CreateGridBody.safeParse({ title, challenges, rules });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? messages.generic.badRequest);
      return;
    }
    setError(null);
    const grid = parsed.data;
    void creating.run(() => mutation.mutateAsync(grid));
  }

  function handleRestoreDefaults() {
    setTitle(DEFAULT_GRID_TITLE);
    setChallenges([...DEFAULT_CHALLENGES]);
    setRules([...DEFAULT_CHALLENGE_RULES]);
    setError(null);
  }

  return (
    <section className="panel" aria-labelledby={headingId}>
      <h2 id={headingId}>Create the shared grid</h2>
      <p>The new grid becomes everyone&apos;s current card; older grids stay as past challenges.</p>
      <form className="form" noValidate onSubmit={handleSubmit}>
        <TextField
          label="Grid title"
          name="title"
          required
          value={title}
          onChange={(event) => setTitle(event.target.value)}
        />
        <fieldset className="challenge-fields">
          <legend>Challenges, in card order</legend>
          <button
            type="button"
            className="button button--secondary challenge-fields__rules"
            aria-expanded={showRules}
            onClick={() => setShowRules((shown) => !shown)}
          >
            {messages.fit.rulesToggle(rules.filter(Boolean).length)}
          </button>
          {challenges.map((challenge, index) => (
            // The list never reorders, so the position is a stable key.
            <div key={index} className="challenge-row">
              <TextField
                label={`Challenge ${index + 1}`}
                name={`challenge-${index + 1}`}
                required
                value={challenge}
                onChange={(event) => handleChallengeChange(index, event.target.value)}
              />
              {showRules ? (
                <RulePicker index={index} rule={rules[index] ?? null} onChange={handleRuleChange} />
              ) : null}
            </div>
          ))}
        </fieldset>
        {error ? <FormMessage kind="error">{error}</FormMessage> : null}
        <div className="form__actions">
          <button
            type="submit"
            className="button button--primary"
            disabled={creating.pending || mutation.isPending}
          >
            Create Grid
          </button>
          <button
            type="button"
            className="button button--secondary"
            onClick={handleRestoreDefaults}
          >
            Restore defaults
          </button>
        </div>
      </form>
    </section>
  );
}

import { useCallback, useId, useState, type Dispatch, type SetStateAction } from 'react';
import { DEFAULT_CHALLENGE_RULES, type ChallengeRule } from '../../lib/challenge-rules';
import {
  DEFAULT_CHALLENGE_LABELS,
  DEFAULT_CHALLENGES,
  DEFAULT_GRID_TITLE,
  deriveChallengeLabel,
} from '../../lib/challenges';
import { CHALLENGE_LABEL_MAX } from '../../lib/limits';
import { messages } from '../../lib/messages';
import { TextField } from './form-field';
import { RulePicker } from './rule-picker';

/** A card being written: its title, the 16 challenges in card order and a rule beside each. */
export interface ChallengeDraft {
  title: string;
  challenges: string[];
  /** Issue 11: a checkable rule per challenge, null where it is free text. */
  rules: (ChallengeRule | null)[];
  /** Issue 22: each challenge's short label for the phone card; blank, the server derives one. */
  labels: string[];
}

/** The spec's May Reading Challenge with the seeded grid's rules: where every card starts. */
export function defaultChallengeDraft(): ChallengeDraft {
  return {
    title: DEFAULT_GRID_TITLE,
    challenges: [...DEFAULT_CHALLENGES],
    rules: [...DEFAULT_CHALLENGE_RULES],
    labels: [...DEFAULT_CHALLENGE_LABELS],
  };
}

interface ChallengeFieldsProps {
  /** The title field's label ('Grid title' for the shared card, 'Card title' for a club's). */
  titleLabel: string;
  draft: ChallengeDraft;
  /** A state setter: the rule pickers stay memoised while a text is typed. */
  onChange: Dispatch<SetStateAction<ChallengeDraft>>;
}

/**
 * The challenge editor (the admin's shared grid, a club's card): the title, the 16 texts, each
 * with its short label for the phone card (issue 22) and, folded until asked for, a rule picker
 * beside each. The caller validates and sends.
 */
export function ChallengeFields({ titleLabel, draft, onChange }: ChallengeFieldsProps) {
  // The rule pickers stay folded until asked for: most cards keep the defaults.
  const [showRules, setShowRules] = useState(false);
  // One hint for the 16 label fields, said with each.
  const labelHintId = useId();

  function handleChallengeChange(index: number, value: string) {
    onChange((previous) => {
      const before = previous.challenges[index] ?? '';
      const label = previous.labels[index] ?? '';
      // A label still the one its old text would get follows the text: blank, so the field
      // previews (and the server writes) the new text's own. A label one wrote stays.
      const follows = label === deriveChallengeLabel(before);
      return {
        ...previous,
        challenges: previous.challenges.map((challenge, i) => (i === index ? value : challenge)),
        labels: follows ? previous.labels.map((l, i) => (i === index ? '' : l)) : previous.labels,
      };
    });
  }

  function handleLabelChange(index: number, value: string) {
    onChange((previous) => ({
      ...previous,
      labels: previous.labels.map((label, i) => (i === index ? value : label)),
    }));
  }

  // Stable, so the memoised pickers do not re-render while a text is typed.
  const handleRuleChange = useCallback(
    (index: number, rule: ChallengeRule | null) => {
      onChange((previous) => ({
        ...previous,
        rules: previous.rules.map((current, i) => (i === index ? rule : current)),
      }));
    },
    [onChange],
  );

  return (
    <>
      <TextField
        label={titleLabel}
        name="title"
        required
        value={draft.title}
        onChange={(event) => {
          const title = event.target.value;
          onChange((previous) => ({ ...previous, title }));
        }}
      />
      <fieldset className="challenge-fields">
        <legend>Challenges, in card order</legend>
        <button
          type="button"
          className="button button--secondary challenge-fields__rules"
          aria-expanded={showRules}
          onClick={() => setShowRules((shown) => !shown)}
        >
          {messages.fit.rulesToggle(draft.rules.filter(Boolean).length)}
        </button>
        <p id={labelHintId} className="field__hint challenge-fields__hint">
          {messages.admin.challengeLabelHint}
        </p>
        {draft.challenges.map((challenge, index) => (
          // The list never reorders, so the position is a stable key.
          <div key={index} className="challenge-row">
            <TextField
              label={`Challenge ${index + 1}`}
              name={`challenge-${index + 1}`}
              required
              value={challenge}
              onChange={(event) => handleChallengeChange(index, event.target.value)}
            />
            <TextField
              label={messages.admin.challengeLabelField(index + 1)}
              aria-describedby={labelHintId}
              name={`label-${index + 1}`}
              className="challenge-row__label"
              maxLength={CHALLENGE_LABEL_MAX}
              placeholder={challenge.trim() ? deriveChallengeLabel(challenge) : undefined}
              value={draft.labels[index] ?? ''}
              onChange={(event) => handleLabelChange(index, event.target.value)}
            />
            {showRules ? (
              <RulePicker
                index={index}
                rule={draft.rules[index] ?? null}
                onChange={handleRuleChange}
              />
            ) : null}
          </div>
        ))}
      </fieldset>
    </>
  );
}

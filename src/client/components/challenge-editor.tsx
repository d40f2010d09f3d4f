import { useCallback, useState, type Dispatch, type SetStateAction } from 'react';
import { DEFAULT_CHALLENGE_RULES, type ChallengeRule } from '../../lib/challenge-rules';
import { DEFAULT_CHALLENGES, DEFAULT_GRID_TITLE } from '../../lib/challenges';
import { messages } from '../../lib/messages';
import { TextField } from './form-field';
import { RulePicker } from './rule-picker';

/** A card being written: its title, the 16 challenges in card order and a rule beside each. */
export interface ChallengeDraft {
  title: string;
  challenges: string[];
  /** Issue 11: a checkable rule per challenge, null where it is free text. */
  rules: (ChallengeRule | null)[];
}

/** The spec's May Reading Challenge with the seeded grid's rules: where every card starts. */
export function defaultChallengeDraft(): ChallengeDraft {
  return {
    title: DEFAULT_GRID_TITLE,
    challenges: [...DEFAULT_CHALLENGES],
    rules: [...DEFAULT_CHALLENGE_RULES],
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
 * The challenge editor (the admin's shared grid, a club's card): the title, the 16 texts and,
 * folded until asked for, a rule picker beside each. The caller validates and sends.
 */
export function ChallengeFields({ titleLabel, draft, onChange }: ChallengeFieldsProps) {
  // The rule pickers stay folded until asked for: most cards keep the defaults.
  const [showRules, setShowRules] = useState(false);

  function handleChallengeChange(index: number, value: string) {
    onChange((previous) => ({
      ...previous,
      challenges: previous.challenges.map((challenge, i) => (i === index ? value : challenge)),
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

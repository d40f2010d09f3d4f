import { memo, useId } from 'react';
import {
  CHALLENGE_RULE_KINDS,
  SUBJECT_GROUP_KEYS,
  SUBJECT_GROUPS,
  type ChallengeRule,
  type ChallengeRuleKind,
  type SubjectGroup,
} from '../../lib/challenge-rules';
import { messages } from '../../lib/messages';
import './rule-picker.css';

const FREE_TEXT = '';

/** The rule a kind starts with when the admin picks it. */
function defaultRule(kind: ChallengeRuleKind): ChallengeRule {
  switch (kind) {
    case 'subject':
      return { kind, subjects: ['poetry'] };
    case 'pages':
      return { kind, comparison: 'under', pages: 100 };
    case 'birth-year':
      return { kind };
    case 'years-ago':
      return { kind, years: 50 };
    case 'published-in':
      return { kind, year: new Date().getFullYear() - 50 };
    case 'title-words':
      return { kind, words: 7 };
    case 'language':
      return { kind, language: 'es', translated: true };
    case 'author-first-name':
      return { kind };
  }
}

function isRuleKind(value: string): value is ChallengeRuleKind {
  return (CHALLENGE_RULE_KINDS as readonly string[]).includes(value);
}

function isSubjectGroup(value: string): value is SubjectGroup {
  return (SUBJECT_GROUP_KEYS as readonly string[]).includes(value);
}

interface RulePickerProps {
  /** The square's position on the card, 0-15. */
  index: number;
  rule: ChallengeRule | null;
  onChange: (index: number, rule: ChallengeRule | null) => void;
}

/**
 * Picks the checkable rule beside a challenge's text (issue 11): free text, or one of the
 * kinds the server can check, with its numbers. The server validates the result again.
 */
export const RulePicker = memo(function RulePicker({
  index,
  rule,
  onChange: onChangeAt,
}: RulePickerProps) {
  const id = useId();
  const number = index + 1;
  const onChange = (next: ChallengeRule | null) => onChangeAt(index, next);
  const numberField = (value: number, update: (n: number) => ChallengeRule) => (
    <input
      type="number"
      className="field__input rule-picker__number"
      aria-label={messages.fit.numberLabel(number)}
      value={Number.isFinite(value) ? value : ''}
      onChange={(event) => onChange(update(event.target.valueAsNumber))}
    />
  );

  return (
    <div className="rule-picker">
      <label htmlFor={`${id}-kind`} className="field__label">
        {messages.fit.ruleLabel(number)}
      </label>
      <select
        id={`${id}-kind`}
        className="field__input"
        value={rule?.kind ?? FREE_TEXT}
        onChange={(event) => {
          const kind = event.target.value;
          onChange(isRuleKind(kind) ? defaultRule(kind) : null);
        }}
      >
        <option value={FREE_TEXT}>{messages.fit.freeText}</option>
        {CHALLENGE_RULE_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {messages.fit.ruleKinds[kind]}
          </option>
        ))}
      </select>
      {rule?.kind === 'subject' ? (
        <select
          multiple
          className="field__input"
          aria-label={messages.fit.subjectsLabel(number)}
          value={rule.subjects}
          onChange={(event) => {
            const subjects = [...event.target.selectedOptions]
              .map((option) => option.value)
              .filter(isSubjectGroup);
            onChange({ kind: 'subject', subjects });
          }}
        >
          {SUBJECT_GROUP_KEYS.map((key) => (
            <option key={key} value={key}>
              {SUBJECT_GROUPS[key].label}
            </option>
          ))}
        </select>
      ) : null}
      {rule?.kind === 'pages' ? (
        <>
          <select
            className="field__input"
            aria-label={messages.fit.comparisonLabel(number)}
            value={rule.comparison}
            onChange={(event) =>
              onChange({ ...rule, comparison: event.target.value === 'over' ? 'over' : 'under' })
            }
          >
            <option value="under">{messages.fit.under(rule.pages)}</option>
            <option value="over">{messages.fit.over(rule.pages)}</option>
          </select>
          {numberField(rule.pages, (pages) => ({ ...rule, pages }))}
        </>
      ) : null}
      {rule?.kind === 'years-ago' ? numberField(rule.years, (years) => ({ ...rule, years })) : null}
      {rule?.kind === 'published-in' ? numberField(rule.year, (year) => ({ ...rule, year })) : null}
      {rule?.kind === 'title-words'
        ? numberField(rule.words, (words) => ({ ...rule, words }))
        : null}
      {rule?.kind === 'language' ? (
        <>
          <input
            className="field__input rule-picker__language"
            aria-label={messages.fit.languageLabel(number)}
            maxLength={2}
            value={rule.language}
            onChange={(event) => onChange({ ...rule, language: event.target.value })}
          />
          <label className="rule-picker__check">
            <input
              type="checkbox"
              checked={rule.translated}
              onChange={(event) => onChange({ ...rule, translated: event.target.checked })}
            />
            {messages.fit.translatedLabel(number)}
          </label>
        </>
      ) : null}
    </div>
  );
});

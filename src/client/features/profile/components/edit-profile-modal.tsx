import { useId, useState, type FormEvent } from 'react';
import { AVATARS, type AvatarId } from '../../../../lib/avatars';
import { BIO_MAX, FIRST_NAME_MAX } from '../../../../lib/limits';
import { messages } from '../../../../lib/messages';
import { PROFILE_VISIBILITIES, type ProfileVisibility } from '../../../../lib/schemas/privacy';
import { UpdateProfileBody, type Profile } from '../../../../lib/schemas/profile';
import { FormMessage } from '../../../components/form-message';
import { Modal } from '../../../components/modal';
import { useUpdateProfile } from '../hooks/use-profile-actions';
import { PresetAvatarArt } from './avatar';
import '../privacy.css';
import { useSubmitGuard } from '../../../hooks/use-submit-guard';

interface EditProfileModalProps {
  profile: Profile;
  onClose: () => void;
}

/**
 * Edit Profile (SPEC.md sections 2 and 5): one of the four preset avatars, the username and the
 * bio. The form is checked with the server's own schema first; a refusal from the server is a
 * toast and the modal stays open with what was typed.
 */
export function EditProfileModal({ profile, onClose }: EditProfileModalProps) {
  const formId = useId();
  const usernameId = useId();
  const bioId = useId();
  const errorId = useId();
  const counterId = useId();
  const [avatar, setAvatar] = useState<AvatarId | null>(profile.avatar);
  const [username, setUsername] = useState(profile.username);
  const [bio, setBio] = useState(profile.bio ?? '');
  // Issue 11: private facts some squares read; never shown to other readers.
  const [birthYear, setBirthYear] = useState(profile.birthYear?.toString() ?? '');
  const [firstName, setFirstName] = useState(profile.firstName ?? '');
  const birthYearId = useId();
  const firstNameId = useId();
  const privateHintId = useId();
  // Issue 12: who sees the profile, sent only when changed.
  const [visibility, setVisibility] = useState<ProfileVisibility>(profile.visibility);
  const visibilityHintId = useId();
  const [error, setError] = useState<string | null>(null);
  const mutation = useUpdateProfile();
  const saving = useSubmitGuard();

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body: UpdateProfileBody = { avatar, bio: bio.trim() === '' ? null : bio };
    // An untouched name is not sent again: it may be the account name shown in its place.
    if (username.trim() !== profile.username) body.username = username;
    // The private facts are sent only when changed, as the username is.
    const nextBirthYear = birthYear.trim() === '' ? null : Number(birthYear);
    if (nextBirthYear !== profile.birthYear) body.birthYear = nextBirthYear;
    const nextFirstName = firstName.trim() === '' ? null : firstName.trim();
    if (nextFirstName !== profile.firstName) body.firstName = nextFirstName;
    if (visibility !== profile.visibility) body.visibility = visibility;
    const parsed = UpdateProfileBody.safeParse(body);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    const update = parsed.data;
    void saving.run(() => mutation.mutateAsync(update).then(onClose));
  }

  return (
    <Modal
      title="Edit Profile"
      onClose={onClose}
      footer={
        <>
          <button
            type="submit"
            form={formId}
            className="button button--primary"
            disabled={saving.pending || mutation.isPending}
          >
            SAVE
          </button>
          <button type="button" className="button button--secondary" onClick={onClose}>
            CANCEL
          </button>
        </>
      }
    >
      <form id={formId} className="form" noValidate onSubmit={handleSubmit}>
        <fieldset className="avatar-choice">
          <legend className="field__label">Choose an avatar</legend>
          {AVATARS.map((preset) => (
            <label key={preset.id} className="avatar-choice__option">
              <input
                type="radio"
                name="avatar"
                className="avatar-choice__input"
                value={preset.id}
                checked={avatar === preset.id}
                onChange={() => setAvatar(preset.id)}
              />
              <PresetAvatarArt avatar={preset.id} className="avatar--choice" />
              <span className="avatar-choice__name">{preset.name}</span>
            </label>
          ))}
        </fieldset>
        <div className="field">
          <label htmlFor={usernameId} className="field__label">
            Username
          </label>
          <input
            id={usernameId}
            className="field__input"
            name="username"
            autoComplete="username"
            value={username}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => setUsername(event.target.value)}
          />
          {error ? (
            <div id={errorId}>
              <FormMessage kind="error">{error}</FormMessage>
            </div>
          ) : null}
        </div>
        <div className="field">
          <label htmlFor={bioId} className="field__label">
            Bio
          </label>
          <textarea
            id={bioId}
            className="field__input field__textarea"
            name="bio"
            rows={4}
            maxLength={BIO_MAX}
            value={bio}
            aria-describedby={counterId}
            onChange={(event) => setBio(event.target.value)}
          />
          <p id={counterId} className="field__hint field__counter">
            {bio.length}/{BIO_MAX}
          </p>
        </div>
        <p id={privateHintId} className="field__hint">
          {messages.fit.privateHint}
        </p>
        <div className="field">
          <label htmlFor={birthYearId} className="field__label">
            {messages.fit.birthYearLabel}
          </label>
          <input
            id={birthYearId}
            className="field__input"
            name="birthYear"
            inputMode="numeric"
            maxLength={4}
            value={birthYear}
            aria-describedby={privateHintId}
            onChange={(event) => setBirthYear(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor={firstNameId} className="field__label">
            {messages.fit.firstNameLabel}
          </label>
          <input
            id={firstNameId}
            className="field__input"
            name="firstName"
            autoComplete="given-name"
            maxLength={FIRST_NAME_MAX}
            value={firstName}
            aria-describedby={privateHintId}
            onChange={(event) => setFirstName(event.target.value)}
          />
        </div>
        <fieldset className="visibility-choice" aria-describedby={visibilityHintId}>
          <legend className="field__label">{messages.privacy.visibilityLabel}</legend>
          {PROFILE_VISIBILITIES.map((choice) => (
            <label key={choice} className="visibility-choice__option">
              <input
                type="radio"
                name="visibility"
                value={choice}
                checked={visibility === choice}
                onChange={() => setVisibility(choice)}
              />
              {messages.privacy.visibility[choice]}
            </label>
          ))}
          <p id={visibilityHintId} className="field__hint">
            {messages.privacy.visibilityHelp}
          </p>
        </fieldset>
      </form>
    </Modal>
  );
}

import { useId } from 'react';
import { profileNameOf } from '../../../../lib/display-name';
import { messages } from '../../../../lib/messages';
import type { PublicProfile } from '../../../../lib/schemas/profile';
import { Avatar } from './avatar';
import { useOnline } from '../../../offline/use-online';

/** The name a profile goes by: username, else account name, else 'User' (SPEC.md section 2). */
export function shownNameOf(profile: PublicProfile & { name?: string }): string {
  return profileNameOf({ displayUsername: profile.username, name: profile.name ?? null });
}

interface ProfileCardProps {
  profile: PublicProfile & { name?: string };
  /** Shows the Edit Profile button (own profile only). */
  onEdit?: () => void;
}

/** Picture, name, bio and points; the friend profile shows the same card read-only. */
export function ProfileCard({ profile, onEdit }: ProfileCardProps) {
  const headingId = useId();
  const reasonId = useId();
  const online = useOnline();
  const name = shownNameOf(profile);
  const bio = profile.bio?.trim();
  return (
    <section className="profile-card" aria-labelledby={headingId}>
      <Avatar avatar={profile.avatar} userId={profile.id} name={name} />
      <div className="profile-card__text">
        <h2 id={headingId} className="profile-card__name">
          {name}
        </h2>
        {bio ? (
          <p className="profile-card__bio">{bio}</p>
        ) : (
          <p className="profile-card__bio profile-card__bio--empty">{messages.profile.noBio}</p>
        )}
        <p className="profile-card__points">
          <span className="visually-hidden">Points: </span>
          {messages.bingo.pointsLabel(profile.points)}
        </p>
      </div>
      {onEdit ? (
        <button
          type="button"
          className="button button--secondary profile-card__edit"
          // Issue 26: offline, the card is shown as last seen and cannot be changed.
          disabled={!online}
          aria-describedby={online ? undefined : reasonId}
          onClick={onEdit}
        >
          Edit Profile
        </button>
      ) : null}
      {onEdit && !online ? (
        <p id={reasonId} className="offline-reason">
          {messages.offline.needsNetwork}
        </p>
      ) : null}
    </section>
  );
}

/**
 * The profile's parts its first paint does not need, loaded on first use (components/lazy-part,
 * issue 9): Edit Profile and the reading-history tab bring zod, the profile and import schemas
 * and the CSV reader.
 */
import { lazyPart } from '../../../components/lazy-part';
import { Spinner } from '../../../components/spinner';

export const EditProfileModal = lazyPart(() =>
  import('./edit-profile-modal').then((m) => m.EditProfileModal),
);
export const ReadingHistoryPanel = lazyPart(
  () =>
    import('../../reading-history/components/reading-history-panel').then(
      (m) => m.ReadingHistoryPanel,
    ),
  <Spinner />,
);

/** Loads every part of the profile now (tests open them at once). */
export function preloadProfileParts(): Promise<unknown> {
  return Promise.all([EditProfileModal.preload(), ReadingHistoryPanel.preload()]);
}

import { messages } from './messages';
import type { ProfileVisibility } from './schemas/privacy';

/** How a viewer stands to a reader whose profile, name or posts they are about to see. */
export interface ViewerRelation {
  isSelf: boolean;
  /** An accepted friendship, either direction. */
  isFriend: boolean;
  /** Either of the two blocked the other. */
  isBlocked: boolean;
}

/**
 * Whether the viewer may see a reader's profile, shelves, stats and want-to-read (decision
 * 014): always their own; never across a block; else as the reader's visibility says.
 */
export function canSeeProfile(visibility: ProfileVisibility, relation: ViewerRelation): boolean {
  if (relation.isSelf) return true;
  if (relation.isBlocked) return false;
  switch (visibility) {
    case 'everyone':
      return true;
    case 'friends':
      return relation.isFriend;
    case 'only_me':
      return false;
  }
}

/** The name a viewer sees on leaderboards and posts: the reader's, or 'A reader' if hidden. */
export function shownNameFor(
  name: string,
  visibility: ProfileVisibility,
  relation: ViewerRelation,
): string {
  return canSeeProfile(visibility, relation) ? name : messages.privacy.hiddenName;
}

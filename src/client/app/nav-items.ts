/**
 * What the navigation offers (SPEC.md section 2, issue 9): only pages the visitor may open, as
 * access.ts decides them. The hamburger keeps the spec's menu; the sections (tab bar on phones,
 * top navigation on desktop) are the five places a reader goes most.
 */
import type { ComponentType } from 'react';
import type { CurrentUser } from '../services/session-api';
import { decideAccess, type PageAccess } from './access';
import {
  BingoIcon,
  BlogIcon,
  ClubsIcon,
  ProfileIcon,
  RecommendationsIcon,
  RulesIcon,
} from './nav-icons';

interface NavItem {
  to: string;
  label: string;
  access: PageAccess;
}

export interface SectionItem extends NavItem {
  icon: ComponentType<{ className?: string }>;
  /** Shown only to visitors who have no Blog tab (guests), so their bar is not Bingo alone. */
  onlyWithoutBlog?: boolean;
  /** The label on a tab bar too narrow for `label` (layout.ts's NARROW_TAB_BAR_QUERY). */
  shortLabel?: string;
}

export const MENU_LINKS: readonly NavItem[] = [
  { to: '/bingo', label: 'Bingo', access: 'player' },
  { to: '/rules', label: 'Rules', access: 'player' },
  { to: '/profile', label: 'Profile', access: 'member' },
  { to: '/recommendations', label: 'Book Recommendations', access: 'member' },
  { to: '/admin', label: 'Admin', access: 'admin' },
];

/** The Blog section of the menu (its filter dropdown) opens /blog. */
export const BLOG_ACCESS: PageAccess = 'member';

export const SECTIONS: readonly SectionItem[] = [
  { to: '/bingo', label: 'Bingo', access: 'player', icon: BingoIcon },
  { to: '/rules', label: 'Rules', access: 'player', icon: RulesIcon, onlyWithoutBlog: true },
  { to: '/blog', label: 'Blog', access: BLOG_ACCESS, icon: BlogIcon },
  // Issue 12: reading circles, for readers (a guest can neither create nor join a club).
  { to: '/clubs', label: 'Clubs', access: 'member', icon: ClubsIcon },
  {
    to: '/recommendations',
    label: 'Recommendations',
    shortLabel: 'Discover',
    access: 'member',
    icon: RecommendationsIcon,
  },
  { to: '/profile', label: 'Profile', access: 'member', icon: ProfileIcon },
];

export function mayOpen(access: PageAccess, user: CurrentUser | null): boolean {
  return decideAccess(access, user).kind === 'allow';
}

export function menuLinksFor(user: CurrentUser | null): NavItem[] {
  return MENU_LINKS.filter((link) => mayOpen(link.access, user));
}

export function sectionsFor(user: CurrentUser | null): SectionItem[] {
  const hasBlog = mayOpen(BLOG_ACCESS, user);
  return SECTIONS.filter(
    (section) => mayOpen(section.access, user) && !(section.onlyWithoutBlog && hasBlog),
  );
}

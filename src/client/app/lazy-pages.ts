/**
 * Every page is its own chunk: the entry holds only React, the router, the query client, toasts
 * and the shell, so /login (and the ALTCHA widget it pulls in) stays within the JS budget.
 */
import { lazy } from 'react';

export const LoginPage = lazy(() =>
  import('../features/auth/components/login-page').then((m) => ({ default: m.LoginPage })),
);
export const RegisterPage = lazy(() =>
  import('../features/auth/components/register-page').then((m) => ({ default: m.RegisterPage })),
);
export const ForgotPasswordPage = lazy(() =>
  import('../features/auth/components/forgot-password-page').then((m) => ({
    default: m.ForgotPasswordPage,
  })),
);
export const ResetPasswordPage = lazy(() =>
  import('../features/auth/components/reset-password-page').then((m) => ({
    default: m.ResetPasswordPage,
  })),
);
export const RulesPage = lazy(() =>
  import('../features/rules/components/rules-page').then((m) => ({ default: m.RulesPage })),
);
export const BingoPage = lazy(() =>
  import('../features/bingo/components/bingo-page').then((m) => ({ default: m.BingoPage })),
);
export const ProfilePage = lazy(() =>
  import('../features/profile/components/profile-page').then((m) => ({ default: m.ProfilePage })),
);
export const FriendPage = lazy(() =>
  import('../features/profile/components/friend-page').then((m) => ({ default: m.FriendPage })),
);
export const BookPage = lazy(() =>
  import('../features/book/components/book-page').then((m) => ({ default: m.BookPage })),
);
export const RecommendationsPage = lazy(() =>
  import('../features/recommendations/components/recommendations-page').then((m) => ({
    default: m.RecommendationsPage,
  })),
);
export const BlogPage = lazy(() =>
  import('../features/blog/components/blog-page').then((m) => ({ default: m.BlogPage })),
);
export const AdminPage = lazy(() =>
  import('../features/admin/components/admin-page').then((m) => ({ default: m.AdminPage })),
);
export const ClubsPage = lazy(() =>
  import('../features/clubs/components/clubs-page').then((m) => ({ default: m.ClubsPage })),
);
export const ClubPage = lazy(() =>
  import('../features/clubs/components/club-page').then((m) => ({ default: m.ClubPage })),
);
export const JoinClubPage = lazy(() =>
  import('../features/clubs/components/join-club-page').then((m) => ({
    default: m.JoinClubPage,
  })),
);
// Issue 24: a season's dashboard; its charting library comes with it, never with other pages.
export const DashboardPage = lazy(() =>
  import('../features/dashboard/components/dashboard-page').then((m) => ({
    default: m.DashboardPage,
  })),
);
// Issue 24: a card as a page to print (blank, or the reader's); its print stylesheet comes with it.
export const PrintPage = lazy(() =>
  import('../features/bingo/components/print-page').then((m) => ({ default: m.PrintPage })),
);
// Issue 25: a card's season statistics; the dashboard's charting library comes with its charts.
export const SeasonPage = lazy(() =>
  import('../features/season/components/season-page').then((m) => ({
    default: m.SeasonPage,
  })),
);

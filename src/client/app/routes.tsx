import { Navigate, useRoutes, type RouteObject } from 'react-router';
import { AccessGate } from './access-gate';
import { BingoRoute } from './bingo-route';
import { RouteErrorBoundary } from './error-boundary';
import {
  AdminPage,
  BlogPage,
  BookPage,
  ClubPage,
  ClubsPage,
  DashboardPage,
  SeasonPage,
  ForgotPasswordPage,
  FriendPage,
  JoinClubPage,
  LoginPage,
  PrintPage,
  ProfilePage,
  RecommendationsPage,
  RegisterPage,
  ResetPasswordPage,
  RulesPage,
} from './lazy-pages';
import { RootLayout } from './root-layout';

/**
 * The route table of SPEC.md section 2; each group sits behind the guard of its access level.
 * Rendered by a declarative router (<BrowserRouter>, or <MemoryRouter> in tests): decision 022.
 */
export const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { index: true, element: <Navigate to="/login" replace /> },
      {
        element: <AccessGate access="visitor" />,
        children: [
          { path: 'register', element: <RegisterPage /> },
          { path: 'login', element: <LoginPage /> },
          { path: 'forgot-password', element: <ForgotPasswordPage /> },
        ],
      },
      // Open to everyone: a signed-in reader who follows a reset link from their mail may use it.
      { path: 'reset-password', element: <ResetPasswordPage /> },
      {
        element: <AccessGate access="player" />,
        children: [
          { path: 'rules', element: <RulesPage /> },
          { path: 'bingo', element: <BingoRoute /> },
          // Issue 24: the card to print, blank or the reader's own (?filled=1); guests too.
          { path: 'print/:gridId', element: <PrintPage /> },
        ],
      },
      {
        element: <AccessGate access="member" />,
        children: [
          { path: 'profile', element: <ProfilePage /> },
          { path: 'friend/:userId', element: <FriendPage /> },
          // Issue 25: the Stats tab on a year, an address to reopen a Year in Review by.
          { path: 'profile/stats', element: <ProfilePage initialTab="stats" /> },
          { path: 'profile/stats/:year', element: <ProfilePage initialTab="stats" /> },
          { path: 'friend/:userId/stats', element: <FriendPage initialTab="stats" /> },
          { path: 'friend/:userId/stats/:year', element: <FriendPage initialTab="stats" /> },
          { path: 'book/:isbn', element: <BookPage /> },
          { path: 'recommendations', element: <RecommendationsPage /> },
          { path: 'blog', element: <BlogPage /> },
          // Issue 12: readers only (a guest can neither create nor join a club).
          { path: 'clubs', element: <ClubsPage /> },
          { path: 'clubs/join/:token', element: <JoinClubPage /> },
          { path: 'clubs/:clubId', element: <ClubPage /> },
          // Issue 24: a card's season dashboard (the server lets admins and club owners in).
          { path: 'dashboard', element: <DashboardPage /> },
          { path: 'dashboard/:gridId', element: <DashboardPage /> },
          // Issue 25: a card's season statistics (the shared card's to all, a club's to members).
          { path: 'season/:gridId', element: <SeasonPage /> },
        ],
      },
      {
        element: <AccessGate access="admin" />,
        children: [{ path: 'admin', element: <AdminPage /> }],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

/** The routes where the router is: a render error in any of them ends on the crash page. */
export function AppRoutes() {
  const routes = useRoutes(appRoutes);
  return <RouteErrorBoundary>{routes}</RouteErrorBoundary>;
}

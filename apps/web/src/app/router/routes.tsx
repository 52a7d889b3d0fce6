import { isValidElement } from 'react';
import { matchRoutes, useLocation, useRoutes, type RouteObject } from 'react-router';
import { lazyPage, lazyQueryPage, type LazyPage } from './lazy-page';
import { RootLayout } from './RootLayout';
import { RouteErrorBoundary } from './RouteErrorBoundary';

// Every page is its own chunk: the landing and auth pages never load the game screens' code
// (nor TanStack Query and sonner, which load with the game frame).
const LandingRoute = lazyPage(() => import('../pages/LandingRoute'), 'LandingRoute');
const WelcomeSplash = lazyPage(() => import('@/features/landing/components/WelcomeSplash'), 'WelcomeSplash');
const AuthPage = lazyPage(() => import('@/features/auth/components/AuthPage'), 'AuthPage');
const ResetPasswordPage = lazyPage(() => import('@/features/auth/components/ResetPasswordPage'), 'ResetPasswordPage');
const TermsPage = lazyPage(() => import('@/features/legal/components/LegalPage'), 'TermsPage');
const PrivacyPage = lazyPage(() => import('@/features/legal/components/LegalPage'), 'PrivacyPage');
const NotFoundPage = lazyPage(() => import('../pages/NotFoundPage'), 'NotFoundPage');
const GameFrame = lazyQueryPage(() => import('../frame/GameFrame'), 'GameFrame');
const GamePortalPage = lazyPage(() => import('../pages/GamePortalPage'), 'GamePortalPage');
const PlayPage = lazyPage(() => import('../pages/PlayPage'), 'PlayPage');
const ProfilePage = lazyPage(() => import('../pages/ProfilePage'), 'ProfilePage');
const UserProfilePage = lazyPage(() => import('../pages/UserProfilePage'), 'UserProfilePage');
const StorePage = lazyPage(() => import('../pages/StorePage'), 'StorePage');
const AuctionPage = lazyPage(() => import('../pages/AuctionPage'), 'AuctionPage');
const SkillTreePage = lazyPage(() => import('../pages/SkillTreePage'), 'SkillTreePage');
const LeaderboardsPage = lazyPage(() => import('../pages/LeaderboardsPage'), 'LeaderboardsPage');
const SettingsPage = lazyPage(() => import('../pages/SettingsPage'), 'SettingsPage');
const AchievementsPage = lazyPage(() => import('../pages/AchievementsPage'), 'AchievementsPage');
const CharacterCreationPage = lazyPage(() => import('../pages/CharacterCreationPage'), 'CharacterCreationPage');
const ModerationGate = lazyQueryPage(() => import('../pages/ModerationPage'), 'ModerationGate');
const ModerationPage = lazyPage(() => import('../pages/ModerationPage'), 'ModerationPage');

/** Spec 01 section 2 route table, with DECISIONS section 2 (/play is the hub, /welcome the splash). */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: '/', element: <LandingRoute /> },
      { path: '/landing', element: <LandingRoute /> },
      { path: '/welcome', element: <WelcomeSplash /> },
      { path: '/auth', element: <AuthPage /> },
      // Issue 43: "Forgot password?", and the host's terms and privacy notice.
      { path: '/auth/reset', element: <ResetPasswordPage /> },
      { path: '/terms', element: <TermsPage /> },
      { path: '/privacy', element: <PrivacyPage /> },
      {
        element: <GameFrame />,
        children: [
          { path: '/game', element: <GamePortalPage /> },
          { path: '/play', element: <PlayPage /> },
          { path: '/profile', element: <ProfilePage /> },
          { path: '/user-profile/:userId?', element: <UserProfilePage /> },
          { path: '/store', element: <StorePage /> },
          { path: '/auction', element: <AuctionPage /> },
          { path: '/skill-tree', element: <SkillTreePage /> },
          { path: '/leaderboards', element: <LeaderboardsPage /> },
          { path: '/settings', element: <SettingsPage /> },
          { path: '/achievements', element: <AchievementsPage /> },
          { path: '/character-creation', element: <CharacterCreationPage /> },
        ],
      },
      // Issue 28: not a protected path (a signed-out visitor is not sent to sign in): the gate shows the 404 page to all but the staff.
      {
        path: '/moderation',
        element: <ModerationGate />,
        children: [{ element: <GameFrame />, children: [{ index: true, element: <ModerationPage /> }] }],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/**
 * Starts loading the pages of the route at `pathname` (on a game path: the frame and the page),
 * for the app's first render: they load and run while the session is read, and the guard then
 * shows them at once (lazy-page.ts), instead of asking for them once the session has answered.
 */
export function preloadRoute(pathname: string): void {
  for (const { route } of matchRoutes(routes, pathname) ?? []) {
    const page = isValidElement(route.element) ? (route.element.type as Partial<LazyPage>) : null;
    // A failed load shows the route's error when React renders the page (RouteErrorBoundary).
    if (typeof page?.preload === 'function') void page.preload().catch(() => undefined);
  }
}

/**
 * The route table in react-router's declarative mode (the data router's loaders, actions and
 * fetchers are unused here, and cost ~18 KB gzip on every page). A failing page or page chunk shows
 * RouteError, as the data router's root errorElement did.
 */
export function AppRoutes() {
  const location = useLocation();
  return <RouteErrorBoundary location={location}>{useRoutes(routes, location)}</RouteErrorBoundary>;
}

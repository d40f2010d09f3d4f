import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, Outlet } from 'react-router';
import { HedgehogLogo } from '../components/hedgehog-logo';
import { OfflineNotice } from '../offline/offline-notice';
import { Spinner } from '../components/spinner';
import { APP_NAME } from '../hooks/use-document-title';
import { useCurrentUser } from '../hooks/use-current-user';
import { isGuest } from '../services/session-api';
import { MainMenu } from './main-menu';
import { RouteFocus } from './route-focus';
import { ScrollMemory } from './scroll-memory';
import { SectionNav } from './section-nav';
import { useSessionExpiry } from './use-session-expiry';

/**
 * Issue 26: sends placements made offline; its own chunk, loaded for a signed-in reader only, once
 * the page has started (useAfterStartUp).
 */
const QueueSender = lazy(() => import('../offline/queue-sender'));

/**
 * The shell around every page: header with logo, sections (a tab bar on phones, issue 9) and menu,
 * the page, a small footer. Focus moves to the page's heading on each route change, and a new page
 * starts at its top (Back and Forward return where the reader was).
 */
/**
 * Whether the page has had its first idle moment: what no first paint needs (the queue's sender)
 * waits for it, so a page's start-up is not shared with it.
 */
function useAfterStartUp(): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = setTimeout(() => setIdle(true), 0);
      return () => clearTimeout(timer);
    }
    const handle = window.requestIdleCallback(() => setIdle(true), { timeout: 3_000 });
    return () => window.cancelIdleCallback(handle);
  }, []);
  return idle;
}

export function RootLayout() {
  useSessionExpiry();
  const afterStartUp = useAfterStartUp();
  const mainRef = useRef<HTMLElement>(null);
  const { user } = useCurrentUser();
  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="app-header">
        <Link to="/" className="brand">
          <HedgehogLogo className="brand__logo" />
          <span className="brand__name">{APP_NAME}</span>
        </Link>
        <SectionNav />
        <MainMenu />
      </header>
      <main id="main" ref={mainRef} className="app-main" tabIndex={-1}>
        <OfflineNotice />
        <Suspense fallback={<Spinner label="Loading page..." showLabel />}>
          <Outlet />
        </Suspense>
      </main>
      <footer className="app-footer">
        <p>Read a little, roll up happy.</p>
      </footer>
      {afterStartUp && user && !isGuest(user) ? (
        <Suspense fallback={null}>
          <QueueSender readerId={user.id} />
        </Suspense>
      ) : null}
      <ScrollMemory />
      <RouteFocus mainRef={mainRef} />
    </div>
  );
}

import { useEffect, useId, useRef, useState } from 'react';
import { NavLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useSignOut } from '../features/auth/hooks/use-sign-out';
import { FEED_FILTERS } from '../features/blog/feed-filters';
import type { CurrentUser } from '../services/session-api';
import { useCurrentUser } from '../hooks/use-current-user';
import { BLOG_ACCESS, mayOpen, menuLinksFor } from './nav-items';

function LogoutIcon() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
      <path
        d="M10 4H5a1 1 0 0 0-1 1v14a1 1 0 0 0 1 1h5M15 16l4-4-4-4M19 12H9"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/**
 * The hamburger menu (SPEC.md section 2). It closes on a click outside, on Escape and whenever the
 * route changes: it is open only for the location (history entry) it was opened on. It offers only
 * pages the visitor may open (issue 9): a guest gets Bingo, Rules and Log out; a signed-out visitor,
 * who may open none of them, gets no menu at all.
 */
export function MainMenu() {
  const { user } = useCurrentUser();
  if (!user) return null;
  return <MenuFor user={user} />;
}

function MenuFor({ user }: { user: CurrentUser }) {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const { handleSignOut, isSigningOut } = useSignOut();
  const [openAtKey, setOpenAtKey] = useState<string | null>(null);
  const isOpen = openAtKey === location.key;
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const filterId = useId();

  useEffect(() => {
    if (!isOpen) return;
    const handlePointerDown = (event: Event) => {
      if (event.target instanceof Node && containerRef.current?.contains(event.target)) return;
      setOpenAtKey(null);
    };
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpenAtKey(null);
      buttonRef.current?.focus();
    };
    document.addEventListener('mousedown', handlePointerDown);
    document.addEventListener('touchstart', handlePointerDown);
    document.addEventListener('keydown', handleKeyDown);
    return () => {
      document.removeEventListener('mousedown', handlePointerDown);
      document.removeEventListener('touchstart', handlePointerDown);
      document.removeEventListener('keydown', handleKeyDown);
    };
  }, [isOpen]);

  const onBlog = location.pathname === '/blog';
  const currentFilter = onBlog ? (searchParams.get('filter') ?? 'all') : '';

  return (
    <div className="menu" ref={containerRef}>
      <button
        ref={buttonRef}
        type="button"
        className="menu__toggle"
        aria-expanded={isOpen}
        aria-controls={menuId}
        onClick={() => setOpenAtKey(isOpen ? null : location.key)}
      >
        <span className="menu__bars" aria-hidden="true">
          <span />
          <span />
          <span />
        </span>
        <span className="visually-hidden">Menu</span>
      </button>
      <nav id={menuId} className="menu__panel" aria-label="Main" hidden={!isOpen}>
        <ul className="menu__links">
          {menuLinksFor(user).map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} className="menu__link">
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
        {mayOpen(BLOG_ACCESS, user) ? (
          <div className="menu__blog">
            <label htmlFor={filterId} className="menu__blog-label">
              Blog
            </label>
            <select
              id={filterId}
              className="menu__select"
              value={currentFilter}
              onChange={(event) => {
                void navigate(`/blog?filter=${event.target.value}`);
              }}
            >
              <option value="" disabled>
                Choose posts...
              </option>
              {FEED_FILTERS.map((filter) => (
                <option key={filter.value} value={filter.value}>
                  {filter.label}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <button
          type="button"
          className="menu__logout"
          aria-label="Log out"
          title="Log out"
          disabled={isSigningOut}
          onClick={() => {
            void handleSignOut();
          }}
        >
          <LogoutIcon />
        </button>
      </nav>
    </div>
  );
}

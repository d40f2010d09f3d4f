import { NavLink } from 'react-router';
import { useCurrentUser } from '../hooks/use-current-user';
import { useMediaQuery } from '../hooks/use-media-query';
import { NARROW_TAB_BAR_QUERY } from './layout';
import { sectionsFor } from './nav-items';
import './navigation.css';

/**
 * The sections a visitor may open (issue 9), one landmark laid out by navigation.css: a tab bar along
 * the bottom on phones, links in the header on desktop. NavLink marks the current page with
 * aria-current="page". Nothing is shown to a signed-out visitor (no section is theirs).
 */
export function SectionNav() {
  const { user } = useCurrentUser();
  const sections = sectionsFor(user);
  // The link's name is the label shown, so what is heard is what is read (WCAG 2.5.3).
  const narrow = useMediaQuery(NARROW_TAB_BAR_QUERY);
  if (sections.length === 0) return null;
  return (
    <nav className="sections" aria-label="Sections">
      <ul className="sections__list">
        {sections.map(({ to, label, shortLabel, icon: Icon }) => (
          <li key={to} className="sections__item">
            <NavLink to={to} className="sections__link">
              <Icon className="sections__icon" />
              <span className="sections__label">{narrow ? (shortLabel ?? label) : label}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

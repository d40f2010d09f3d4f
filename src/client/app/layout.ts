import { useMediaQuery } from '../hooks/use-media-query';

/**
 * The phone layout (issue 9): below 48rem the sections are a tab bar along the bottom and toasts
 * rise from the bottom, above it; from 48rem the sections sit in the header and toasts top right,
 * under it. navigation.css and toasts.css use the same width (`max-width: 47.99rem`).
 */
export const PHONE_LAYOUT_QUERY = '(max-width: 47.99rem)';

/**
 * A tab bar too narrow for the five sections' labels at 14 px (under 360 px at the default text
 * size, wider when the reader's text is larger): the longest label gives way to its short form.
 */
export const NARROW_TAB_BAR_QUERY = '(max-width: 22.49rem)';

/** True while the window is phone-sized. */
export function usePhoneLayout(): boolean {
  return useMediaQuery(PHONE_LAYOUT_QUERY);
}

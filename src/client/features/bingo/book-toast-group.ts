/**
 * The toast group of one book on the card (issue 9): its placement's points and its review are
 * related messages, shown as one toast when they meet on screen (notifySuccessInGroup).
 */
export function bookToastGroup(isbn: string): string {
  return `book:${isbn}`;
}

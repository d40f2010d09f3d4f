/**
 * The recommendation page's own words: labels and hints SPEC.md leaves to us. The spec's texts
 * (errors, the empty and run-out screens, button labels) come from the message catalogue.
 */
export const recommendationTexts = {
  pageTitle: 'Book Recommendations',
  loading: 'Loading recommendations...',
  onboardingHeading: 'Tell our hedgehogs what you love',
  onboardingIntro: (needed: number) =>
    `Pick ${needed} favourite books you have read. Our hedgehogs sniff out new books from your favourites' authors and genres, then show them to you one card at a time.`,
  searchLabel: 'Search for a favourite book',
  searchHint: 'Results appear as you type; press Enter to search at once.',
  searching: 'Searching...',
  progress: (added: number, total: number) => `${added} of ${total} favourites added`,
  added: 'Added',
  add: 'Add',
  deckLabel: 'Recommended book',
  deckHint: 'Tap the card for its description. Swipe, use the buttons, or press ← and → to choose.',
  dislike: 'Dislike',
  like: 'Like',
  liked: (title: string) => `Liked ${title}: added to your want to read list.`,
  disliked: (title: string) => `Disliked ${title}: its author is skipped for this session.`,
  showDescription: 'Show description',
  hideDescription: 'Tap again to hide the description',
  remaining: (count: number) =>
    count === 1 ? '1 book in your stack' : `${count} books in your stack`,
} as const;

/**
 * The message catalogue: every user-facing text of SPEC.md, written once.
 * Browser and server both import from here; tests assert through it.
 * Texts are exact (SPEC.md sections 2, 4, 5 and 8): do not reword them.
 */
export const messages = {
  access: {
    loginRequired: 'Please log in to access this page',
    adminOnly: 'You do not have permission to access this page',
    permissionDenied: 'Permission denied. Please check your access rights.',
    // Beyond SPEC.md's text: the sticky toast whose 'Log In' button signs out (section 8).
    sessionEnded: 'Your session has ended. Please log in again.',
    logInButton: 'Log In',
  },
  crash: {
    heading: "Oops! Don't know how we got here",
    text: "Something unexpected happened. Let's try refreshing the page.",
    refresh: 'Refresh Page',
  },
  auth: {
    emailAndPasswordRequired: 'Email and password are required.',
    // SPEC.md says 'reCAPTCHA'; we run our own captcha (issue 2), so the word is 'captcha'.
    captchaRequired: 'Please complete the captcha verification.',
    // Said in the captcha's reserved box until its script has arrived, and if it never does.
    captchaLoading: 'Loading the captcha…',
    captchaLoadFailed: 'The captcha could not load. Please refresh the page.',
    invalidCredentials: 'Invalid credentials. Please try again.',
    guestFailed: 'Something went wrong. Please try again.',
    loggingIn: 'Logging in...',
    weakPasswordPrefix: 'Password is weak. You do not meet the following requirements:',
    registerFailed: 'Failed to create an account. Please try again.',
    registerSuccess: 'Account created successfully! You can now log in.',
    resetRequested: 'If an account exists with this email, a password reset link has been sent.',
    resetRequestFailed: 'Failed to process your request. Please try again.',
    loggedOut: 'Logged out successfully!',
    logoutFailed: 'Failed to log out. Please try again.',
    // Beyond SPEC.md: our own reset page needs these (DESIGN.md 'Where we knowingly differ').
    resetLinkInvalid: 'This reset link is invalid or has expired. Please ask for a new one.',
    passwordChanged: 'Your password has been changed. You can now log in.',
    emailRequired: 'Please enter your email address.',
    // Beyond SPEC.md (issue 8): one account guessed at from many addresses is locked for a while.
    accountLocked:
      'Too many failed sign-in attempts for this account. Please try again later or reset your password.',
  },
  profile: {
    usernameInvalid:
      'Username must be 3-30 characters and can only contain letters, numbers, and underscores',
    usernameTaken: 'This username is already taken. Please choose another one.',
    bioTooLong: 'Bio must be less than 200 characters',
    noBio: 'No bio available',
    fallbackName: 'User',
    updated: 'Profile updated successfully!',
    updateFailed: 'Failed to update profile. Please try again.',
    loadFailed: 'Failed to load profile data',
    notFound: 'Profile not found',
    lastReadNever: 'Never',
    // Beyond SPEC.md (issue 4): the server's check of the avatar choice.
    avatarInvalid: 'Please choose one of the four preset avatars.',
  },
  bingo: {
    mustLogInToSave: 'You must be logged in to save progress. Please sign in or create an account.',
    invalidIsbn: 'This book does not have a valid ISBN.',
    bookUsedTwice:
      'This book has already been used twice — once normally and once as your wildcard.',
    wildcardUsed:
      'You have already used your wildcard. Each book can only be used once, and only one wildcard is allowed.',
    bookReplaced: 'Book updated! (No points awarded for replacing books)',
    historicalGrid: 'You cannot modify historical grids',
    earnedPoints: (points: number) => `You earned ${points} points!`,
    gridCleared: 'Grid cleared successfully!',
    mustLogInToClear: 'You must be logged in to clear your grid.',
    noBooksFound: 'No books found. Try a different search term.',
    booksFound: (count: number) => (count === 1 ? '1 book found.' : `${count} books found.`),
    pastChallenge: 'Past Challenge',
    timesUp: "Time's up!",
    gridNotFound: 'Grid not found!',
    loadGridsFailed: 'Failed to load available grids',
    // Issue 22: older cards come a page at a time in the grid selector.
    morePastCards: 'More past cards...',
    loadingPastCards: 'Loading past cards...',
    pastCardsFailed: 'Failed to load past cards. Choose to try again.',
    pastCardsInvalid: 'These past cards could not be loaded. Please reload the page.',
    loadPointsFailed: 'Failed to load points. Please refresh the page.',
    saveBookFailed: 'Failed to save book.',
    searchFailed: 'Failed to search for books. Please try again.',
    pointsLabel: (points: number) => `${points} pts`,
    // Beyond SPEC.md (issue 9): said before it happens, not after.
    wildcardConfirmTitle: 'This uses your one wildcard',
    wildcardConfirmText: (title: string) =>
      `${title} is already on your card. Placing it here too uses your one wildcard for this grid.`,
    wildcardConfirm: 'Use my wildcard',
    guestBannerTitle: 'Register to save your card',
    guestBannerText:
      'As a guest you can look around and search, but books you choose are not saved.',
    guestBannerLink: 'Register',
    onThisSquare: 'On this square',
    notMarked: 'Not marked yet',
  },
  review: {
    posted: 'Your review has been posted to the blog!',
    postFailed: 'Failed to post review. Please try again.',
    // Beyond SPEC.md (issue 3): the server's own validation of a review.
    textRequired: 'Please write a review before submitting.',
    tooLong: 'Your review can be at most 2000 characters.',
    ratingRequired: 'Please choose a rating from 1 to 5 stars.',
    // Beyond SPEC.md (issue 9): closing the review modal with text typed asks first.
    discardTitle: 'Discard your review?',
    discardText: 'What you have written will be lost.',
    discard: 'Discard',
    keepWriting: 'Keep writing',
  },
  book: {
    notFound: 'Book not found',
    unknown: 'Unknown',
    loadDescriptionFailed: 'Failed to load book description',
    noDescription: 'No description available.',
    added: 'Book added successfully!',
    alreadyAdded: "You've already added this book",
    addFailed: 'Failed to add book.',
    notInFinished: 'Book not found in your finished books list.',
    ratingUpdated: 'Rating updated successfully!',
    ratingUpdateFailed: 'Failed to update rating',
    removed: 'Book removed successfully',
    removeFailed: 'Failed to remove book',
    pleaseLogInToAdd: 'Please log in to add books',
    // Beyond SPEC.md (issue 3): the search box's own validation.
    searchTermRequired: 'Please enter a search term.',
    searchTermTooLong: 'Please use a shorter search term (at most 200 characters).',
    // Beyond SPEC.md (issue 9): View Book from a square's search leads back to it.
    backToSearch: 'Back to your search',
    // Beyond SPEC.md (issue 4): a rating outside the five stars.
    ratingInvalid: 'A rating must be a whole number of stars from 1 to 5.',
  },
  wantToRead: {
    added: 'Book added to want to read list!',
    alreadyListed: 'This book is already in your want to read list',
    removed: 'Book removed from want to read list',
    removeFailed: 'Failed to remove book from want to read list',
    addFailed: 'Failed to add book to want to read list',
    loadFailed: 'Failed to load your want to read list',
    pleaseLogIn: 'Please log in to add books to your want to read list',
    // Beyond SPEC.md (issue 4): removing a book that is not on the list.
    notListed: 'This book is not in your want to read list.',
  },
  friends: {
    lonely: 'Feeling lonely?',
    userNotFound: 'No user found with that email or username',
    requestAlreadySent: 'Friend request already sent!',
    pendingFromUser: 'You already have a pending friend request from this user!',
    requestSent: 'Friend request sent!',
    accepted: 'Friend request accepted!',
    rejected: 'Friend request rejected',
    wantsToBeFriends: 'Wants to be friends',
    requestSentLabel: 'Request sent',
    friendLabel: 'Friend',
    loadFailed: 'Failed to load friends list',
    sendFailed: 'Failed to send friend request',
    acceptFailed: 'Failed to accept request',
    rejectFailed: 'Failed to reject request',
    addFailed: 'Failed to add friend. Please try again.',
    // Beyond SPEC.md (issue 4): the server's answers the spec leaves unsaid.
    emptyQuery: 'Please enter an email or username.',
    alreadyFriends: 'You are already friends with this user.',
    removed: 'Friend removed',
    removeFailed: 'Failed to remove friend',
    requestNotFound: 'This friend request no longer exists.',
    friendNotFound: 'This friend is not on your list.',
    notFriendsYet: 'You are not friends with this user yet.',
  },
  blog: {
    noPosts: 'No blog posts yet.',
    noFriendsPosts: "You have no friends' posts yet. Add friends to see their posts here!",
    loadingBlog: 'Loading blog...',
    loadingFriends: 'Loading friends...',
    noMorePosts: 'No more posts.',
    loadFailed: 'Failed to load posts',
    loadMoreFailed: 'Failed to load more posts',
    deleted: 'Post deleted successfully',
    deleteFailed: 'Failed to delete post',
    rating: (rating: number) => `Rating: ${rating}/5`,
    // Beyond SPEC.md (issue 4): a post that is gone, and a Load More link that went stale.
    notFound: 'Post not found.',
    invalidCursor: 'These posts could not be loaded. Please reload the blog.',
  },
  recommendations: {
    empty: 'No more books to recommend!',
    exhausted:
      "We've run out of recommendations for now. Please try again later or add more books to your reading history for better recommendations.",
    pleaseLogIn: 'Please log in to get personalized recommendations',
    fetchFailed: 'Failed to fetch recommendations',
    refresh: 'Refresh Recommendations',
    backToBingo: 'Back to Bingo',
  },
  rateLimit: {
    friendRequests: 'Too many friend requests. Please wait a moment before trying again.',
    friendListRefreshes: 'Too many friend list refreshes. Please wait a moment.',
    blogRefreshes: 'Too many blog refreshes. Please wait a moment before trying again.',
    generic: 'Too many requests. Please wait a moment before trying again.',
    bookSearches: 'Too many book searches. Please wait a moment before trying again.',
    leaderboardUpdates: 'Too many leaderboard updates. Please wait a moment before trying again.',
    bookUpdates: 'Too many book updates. Please wait a moment before trying again.',
    progressUpdates: 'Too many progress updates. Please wait a moment before trying again.',
    profileRefreshes: 'Too many profile refreshes. Please wait a moment before trying again.',
    profileUpdates: 'Too many profile updates. Please wait a moment before trying again.',
    ratingUpdates: 'Too many rating updates. Please wait a moment before trying again.',
    recommendationUpdates:
      'Too many recommendation updates. Please wait a moment before trying again.',
    // Beyond SPEC.md (issue 12): blocking and unblocking.
    blockUpdates: 'Too many block changes. Please wait a moment before trying again.',
    // Issue 22: books that fit a square (suggestions and finished books that fit).
    bookSuggestions: 'Too many book suggestions. Please wait a moment before trying again.',
    searchRemaining: (n: number) => `Please wait before searching again. ${n} requests remaining.`,
    addBookRemaining: (n: number) =>
      `Please wait before adding another book. ${n} requests remaining.`,
    refreshRemaining: (n: number) =>
      `Please wait before refreshing recommendations. ${n} requests remaining.`,
  },
  /** Issue 26: a write sent again with its Idempotency-Key (a retry, an offline queue, a second tab). */
  idempotency: {
    badKey:
      'The Idempotency-Key header must be 1 to 128 letters, digits, dots, colons, dashes or underscores.',
    keyReused:
      'This Idempotency-Key was already used for a different request. Send a new key with each new request.',
  },
  admin: {
    resetDateUpdated: 'Reset date updated!',
    resetDateError: (message: string) => `Error updating reset date: ${message}`,
    resetDateRequired: 'Please choose a reset date.',
    gridCreated: 'Shared Bingo Grid and Cells created successfully!',
    gridError: (message: string) => `Error creating Bingo Grid: ${message}`,
    // Issue 8: a book only a reader's import vouches for, confirmed for every reader's search.
    bookConfirmed: 'Book confirmed: every reader can now find it.',
    // Issue 23: the admin's tools beside the reset date and the new card.
    bookRejected: 'Book rejected: only the readers who listed it will see it.',
    bookAlreadyReviewed: 'This book has already been confirmed or rejected.',
    readerNotFound: 'No reader with that id.',
    roleChanged: (role: string) => `Role changed to ${role}.`,
    ownRole: 'You cannot change your own role: ask another admin.',
    guestRole: "A guest's role cannot be changed.",
    unlocked: 'Sign-in unlocked: the reader can try again now.',
    notLocked: 'This reader is not locked out.',
    cellUpdated: 'Challenge updated.',
    cellHasPlacements:
      'Readers have already placed books on this square, so its challenge can no longer change.',
    cellNotFound: 'No such square on this card.',
    pastCardReadOnly: 'A past card cannot be changed.',
    sharedCardsOnly: "Club cards belong to their club's owners.",
    gridEnded: 'The card has ended: it is now a past card.',
    reasonRequired: 'Please give a reason.',
    // Issue 22: a challenge's short label, shown in the phone card's square.
    challengeLabelTooLong: (max: number) =>
      `A short label must be at most ${max} characters; the full challenge can be longer.`,
    challengeLabelField: (position: number) => `Short label ${position}`,
    challengeLabelHint:
      'A few short words, shown in the square on a phone. Left blank: the challenge’s first words.',
  },
  generic: {
    actionFailed: 'Failed to process your action',
    notFound: 'Not found',
    badRequest: 'The request was not valid.',
    bodyTooLarge: 'The request is too large.',
    malformedJson: 'The request body is not valid JSON.',
    foreignOrigin: 'Requests from other sites are not allowed.',
    // Issue 8: the boundary's own answers, none of which repeats what was sent.
    controlCharacters: 'Text may not contain control characters.',
    textTooLong: 'This text is too long.',
    tooDeep: 'The request body is nested too deeply.',
    notAnObject: 'The request body must be a JSON object.',
    unsupportedMediaType: 'This kind of request body is not accepted; please send JSON.',
    urlTooLong: 'The address is too long.',
    badUrl: 'The address is not valid.',
    liveUpdatesFull: 'Live updates are busy right now. Please try again in a minute.',
    serverError: 'Something went wrong on our side. Please try again.',
  },
  // Beyond SPEC.md (issue 5): bringing a Goodreads or StoryGraph library in.
  imports: {
    invalid: 'Nothing was imported: please fix the rows listed and try again.',
    unknownFormat:
      'This file is not a Goodreads or StoryGraph export: its header row was not recognised.',
    missingColumns: (format: string, columns: string) =>
      `This ${format} export is missing the column(s): ${columns}.`,
    malformedCsv: (problem: string) => `This row is not valid CSV: ${problem}`,
    fieldCount: (found: number, expected: number) =>
      `This row has ${found} fields; the header row has ${expected}.`,
    tooManyRows: (max: number) => `A file can hold at most ${max} books; split it and try again.`,
    titleMissing: 'The title is missing.',
    ratingInvalid: (value: string) => `The rating "${value}" is not a number of stars from 0 to 5.`,
    dateInvalid: (column: string, value: string) =>
      `"${value}" in ${column} is not a date like 2023/05/14.`,
    notInCatalogue:
      'No ISBN, and no book with this title and author in the catalogue: this row was skipped.',
    duplicateRow: (row: number) => `The same book as row ${row}: this row was skipped.`,
    quotaReached: (max: number) =>
      `You have imported ${max} books today, the most a reader may in one day. Please try again tomorrow.`,
    quotaLeft: (max: number, left: number) =>
      `This file adds more books than you may still import today (${left} of ${max} a day). Nothing was imported: please import a smaller file, or try again tomorrow.`,
    tooManyImports: (max: number) =>
      `You have imported ${max} files in the last hour, the most a reader may. Please try again later.`,
    shelfSkipped: (shelf: string) =>
      `Books on the "${shelf}" shelf are not imported: this row was skipped.`,
    done: (finished: number, wantToRead: number) =>
      `Imported ${finished} finished ${finished === 1 ? 'book' : 'books'} and ${wantToRead} ${
        wantToRead === 1 ? 'book' : 'books'
      } to read.`,
  },
  // Beyond SPEC.md (issue 5): taking your reading history out.
  exports: {
    failed: 'Failed to export your data. Please try again.',
  },
  // Beyond SPEC.md (issue 11): squares the server can check, and the books that fit them.
  fit: {
    pages: (pages: number) => `${pages} pages`,
    under: (pages: number) => `under ${pages}`,
    over: (pages: number) => `over ${pages}`,
    firstPublished: (year: number) => `first published ${year}`,
    yearsAgo: (years: number) => `${years} years ago`,
    yearsOrMoreAgo: (years: number) => `${years} or more years ago`,
    publishedIn: (year: number) => `published in ${year}`,
    birthYear: (year: number) => `your birth year, ${year}`,
    titleWords: (words: number) => `${words} words in the title`,
    titleWordsAtLeast: (words: number) => `a title of ${words} or more words`,
    translatedFrom: (language: string) => `translated from ${language}`,
    writtenIn: (language: string) => `written in ${language}`,
    subject: (subject: string) => `subject ${subject}`,
    authorNamed: (firstName: string) => `by ${firstName}`,
    authorShares: (firstName: string) => `an author named ${firstName}`,
    /** A book meeting a square: "96 pages: under 100". */
    meets: (fact: string, asks: string) => `${fact}: ${asks}`,
    /**
     * Issue 22: the warning before placing a book that does not meet the square's rule, one
     * whole sentence per rule kind: what the book is, what the square asks for, and the question.
     */
    warning: {
      subject: (listedAs: string, asks: string) =>
        `This book is listed as ${listedAs}; this square asks for ${asks}. Place it anyway?`,
      pages: (pages: number, comparison: 'under' | 'over', limit: number) =>
        `This book has ${pages} ${pages === 1 ? 'page' : 'pages'}; this square asks for a book of ${comparison === 'under' ? 'fewer' : 'more'} than ${limit} pages. Place it anyway?`,
      birthYear: (year: number, birthYear: number) =>
        `This book was first published in ${year}; this square asks for a book first published in your birth year, ${birthYear}. Place it anyway?`,
      yearsAgo: (year: number, years: number, latestYear: number) =>
        `This book was first published in ${year}; this square asks for a book first published ${years} or more years ago, in ${latestYear} or before. Place it anyway?`,
      publishedIn: (year: number, wanted: number) =>
        `This book was first published in ${year}; this square asks for a book first published in ${wanted}. Place it anyway?`,
      titleWords: (words: number, atLeast: number) =>
        `This book's title has ${words} ${words === 1 ? 'word' : 'words'}; this square asks for a title of ${atLeast} or more words. Place it anyway?`,
      /** The book was first written in another language than the square's. */
      language: (original: string, wanted: string, translated: boolean) =>
        `This book was first written in ${original}; this square asks for a book ${translated ? 'translated from' : 'first written in'} ${wanted}. Place it anyway?`,
      /** The square asks for a translation; this edition is the book in its own language. */
      notTranslated: (language: string) =>
        `This edition is in ${language}, the language the book was written in; this square asks for a translation from ${language}. Place it anyway?`,
      authorFirstName: (authors: string, firstName: string) =>
        `This book is by ${authors}; this square asks for an author who shares your first name, ${firstName}. Place it anyway?`,
    },
    pagesUnknown: 'page count unknown',
    yearUnknown: 'first publication year unknown',
    subjectsUnknown: 'subjects unknown',
    languageUnknown: 'original language unknown',
    authorUnknown: 'author unknown',
    needBirthYear: 'add your birth year to your profile to check this square',
    needFirstName: 'add your first name to your profile to check this square',
    unknown: (what: string) => `${what}; this square cannot be checked`,
    booksFit: (count: number) =>
      count === 1
        ? '1 of your books fits a square on your card'
        : `${count} of your books fit squares on your card`,
    placeThem: 'Place them',
    placeAnyway: 'Place anyway',
    placedThem: (count: number) => (count === 1 ? 'Placed 1 book.' : `Placed ${count} books.`),
    suggestionsTitle: 'Books that fit',
    noSuggestions: 'No books that fit yet. Try a search.',
    /** Issue 12: the link beside a square's hint (needBirthYear, needFirstName) to set the fact. */
    editProfile: 'Edit your profile',
    fromWantToRead: 'On your want to read list',
    fromFinished: 'You have read this',
    fromCatalogue: 'From the catalogue',
    unlocks: (points: number) => `+${points} pts`,
    place: 'Place',
    ruleMetMark: 'Meets this square',
    loadFailed: 'Failed to load books that fit',
    birthYearInvalid: 'Please enter your birth year as four digits, like 1990.',
    firstNameTooLong: 'Please use a shorter first name (at most 50 characters).',
    birthYearLabel: 'Birth year (private)',
    firstNameLabel: 'First name (private)',
    privateHint: 'Only you see these; some squares on your card use them.',
    ruleLabel: (n: number) => `Rule for challenge ${n}`,
    freeText: 'Free text (the reader decides)',
    rulesToggle: (count: number) => `Rules the server checks (${count} of 16)`,
    ruleKinds: {
      subject: 'Subject or genre',
      pages: 'Number of pages',
      'birth-year': "Published in the reader's birth year",
      'years-ago': 'Published N or more years ago',
      'published-in': 'Published in a given year',
      'title-words': 'Title of N or more words',
      language: 'Original language',
      'author-first-name': "Author's first name is the reader's",
    },
    subjectsLabel: (n: number) => `Subjects for challenge ${n}`,
    comparisonLabel: (n: number) => `Fewer or more pages for challenge ${n}`,
    numberLabel: (n: number) => `Number for challenge ${n}`,
    languageLabel: (n: number) => `Language code for challenge ${n}`,
    translatedLabel: (n: number) => `Translated (challenge ${n})`,
    // Issue 22: a rule's lists are capped and its texts short.
    tooManySubjects: (max: number) => `A square may ask for at most ${max} subjects.`,
    noSubjects: 'Choose at least one subject for a subject rule.',
    unknownSubject: 'Choose each subject of a rule from the list of subjects.',
    languageCodeInvalid: 'A language rule needs a two-letter language code, like es.',
  },
  // Beyond SPEC.md (issue 12, decision 014): who sees a reader, and blocking.
  privacy: {
    visibilityLabel: 'Who can see my profile',
    visibility: { everyone: 'Everyone', friends: 'Friends only', only_me: 'Only me' },
    visibilityHelp:
      'Your books, want to read list, stats and name on leaderboards and posts follow this. Readers who know your exact username or email can still send you a friend request.',
    visibilityInvalid: 'Please choose who can see your profile: everyone, friends only or only me.',
    hiddenName: 'A reader',
    hiddenProfile: 'This reader keeps their profile private.',
    youBlocked: 'You blocked this reader. Unblock them to see each other again.',
    block: 'Block',
    blockTitle: (name: string) => `Block ${name}?`,
    blockExplained:
      'You will stop being friends, neither of you will see the other (profile, posts or name), and they cannot send you friend requests. You can unblock them from your profile.',
    blocked: 'Reader blocked',
    blockFailed: 'Failed to block reader. Please try again.',
    unblock: 'Unblock',
    unblocked: 'Reader unblocked',
    unblockFailed: 'Failed to unblock reader. Please try again.',
    blockedListTitle: 'Blocked readers',
    noBlocked: 'You have not blocked anyone.',
    loadBlockedFailed: 'Failed to load your blocked readers',
    blockSelf: 'You cannot block yourself.',
    notBlocked: 'This reader is not on your blocked list.',
    youBlockedThem: 'You have blocked this reader. Unblock them first to send a friend request.',
  },
  // Beyond SPEC.md (issue 12): a public, read-only link to one of the reader's cards.
  share: {
    button: 'Share card',
    dialogTitle: 'Share your card',
    explained:
      'Anyone with the link sees this card: its squares, books and points. Not your name, your email or anything else of yours. You can revoke the link at any time.',
    create: 'Create link',
    creating: 'Creating link...',
    linkLabel: 'Link to your card',
    copy: 'Copy link',
    copied: 'Link copied!',
    copyFailed: 'Could not copy the link. Select it and copy it yourself.',
    created: 'Link created!',
    createFailed: 'Failed to create a link. Please try again.',
    live: (date: string) => `A link to this card is live (made ${date}).`,
    liveHint: 'For its address, make a new link: the old one then stops working.',
    newLink: 'New link',
    revoke: 'Revoke link',
    revoked: 'Link revoked: nobody can open it any more.',
    revokeFailed: 'Failed to revoke the link. Please try again.',
    close: 'Close',
    notFound: 'This card is not shared, or its link was revoked.',
    notFoundHeading: 'Card not found',
    pageIntro: 'A reader shared their Hedgehog Reading Bingo card.',
    imageAlt: (description: string) => `Bingo card. ${description}`,
    squaresHeading: 'The squares',
    empty: 'Empty',
    wildcard: 'wildcard',
    playLink: 'Play Hedgehog Reading Bingo',
    tooMany: 'Too many share links. Please wait a moment before trying again.',
  },
  // Beyond SPEC.md (issue 12, decision 016): reading circles.
  clubs: {
    navLabel: 'Clubs',
    pageTitle: 'Clubs',
    intro: 'Read together: a club has its own cards and its own leaderboard.',
    myClubs: 'My clubs',
    noClubs: 'You are not in a club yet. Create one, or open an invitation link from a friend.',
    loadFailed: 'Failed to load clubs. Please try again.',
    create: 'Create a club',
    createTitle: 'Create a club',
    nameLabel: 'Club name',
    descriptionLabel: 'Description',
    nameInvalid: 'A club name must be 3-60 characters.',
    descriptionTooLong: 'A club description must be at most 500 characters.',
    created: 'Club created!',
    createFailed: 'Failed to create the club. Please try again.',
    tooManyClubs: 'You have created enough clubs for today. Please try again tomorrow.',
    notFound: 'Club not found.',
    membersOnly: 'Only members of this club can see this.',
    ownersOnly: 'Only the club owners can do this.',
    ownerOnly: 'Only the club owner can do this.',
    guestsCannotJoin: 'Register to create or join a club.',
    members: 'Members',
    memberCount: (n: number) => (n === 1 ? '1 member' : `${n} members`),
    roles: { owner: 'Owner', co_owner: 'Co-owner', member: 'Member' },
    roleInvalid: 'A member can be made a co-owner or a member.',
    roleChanged: 'Role updated.',
    makeCoOwner: 'Make co-owner',
    makeMember: 'Make member',
    cannotChangeOwner: 'The owner stays the owner.',
    remove: 'Remove',
    removeTitle: (name: string) => `Remove ${name} from the club?`,
    removed: 'Member removed.',
    cannotRemoveOwner: 'The owner cannot be removed.',
    notMember: 'This reader is not a member of the club.',
    leave: 'Leave club',
    left: 'You left the club.',
    ownerCannotLeave: 'The owner cannot leave the club. Delete it instead.',
    deleteClub: 'Delete club',
    deleteTitle: 'Delete this club?',
    deleteExplained:
      "Its cards, leaderboard and invitation links go with it. Members' books stay theirs.",
    deleted: 'Club deleted.',
    invites: 'Invitation links',
    createInvite: 'Create invitation link',
    inviteExpiryLabel: 'Link works for',
    inviteNoExpiry: 'Until revoked',
    inviteDays: (n: number) => (n === 1 ? '1 day' : `${n} days`),
    inviteExpiryInvalid: 'An invitation link can last 1 to 90 days, or until revoked.',
    inviteCreated: 'Invitation link created. Copy it now: it is shown only once.',
    inviteLinkLabel: 'Invitation link',
    inviteExpires: (date: string) => `Expires ${date}`,
    inviteRevoke: 'Revoke',
    inviteRevoked: 'Invitation link revoked.',
    noInvites: 'No live invitation links.',
    tooManyInvites: 'Too many invitation links. Please wait a while before making another.',
    inviteInvalid:
      'This invitation link is invalid, expired or revoked. Ask the club for a new one.',
    joinTitle: (name: string) => `Join ${name}?`,
    join: 'Join club',
    joined: (name: string) => `Welcome to ${name}!`,
    alreadyMember: 'You are already a member of this club.',
    clubFull: 'This club is full.',
    askToJoin: 'Ask to join',
    requestSent: 'Request sent. An owner of the club will answer it.',
    requestPending: 'Your request to join is waiting for an owner.',
    requests: 'Requests to join',
    noRequests: 'No requests to join.',
    approve: 'Approve',
    decline: 'Decline',
    approved: 'Request approved.',
    declined: 'Request declined.',
    noRequest: 'There is no request from this reader.',
    cards: 'Club cards',
    noCards: 'This club has no card yet.',
    createCard: 'Create a club card',
    resetDateLabel: 'Reset date',
    resetDateRequired: 'A club card needs a reset date like 2026-12-31.',
    resetDatePast: 'The reset date must be in the future.',
    cardCreated: 'Club card created!',
    pastCard: 'Past card (read-only)',
    // Issue 22: club cards are limited in number.
    tooManyCards: 'You have created enough club cards for today. Please try again tomorrow.',
    tooManyLiveCards: (max: number) =>
      `This club already has ${max} cards whose reset date has not passed. Create the next one when one of them ends.`,
    leaderboard: 'Club leaderboard',
    noPoints: 'No points on the club cards yet.',
    postsFilter: (name: string) => `Club posts: ${name}`,
    sharedCard: 'Shared card',
    /** The points counter on a club card: the viewer's points on that club's cards. */
    clubPoints: 'Your club points',
    // The club pages (client, issue 12).
    loading: 'Loading clubs...',
    loadingClub: 'Loading club...',
    clubLoadFailed: 'Failed to load the club. Please try again.',
    listFailed: 'Failed to load this list. Please try again.',
    actionFailed: 'That did not work. Please try again.',
    backToClubs: 'All my clubs',
    notMemberIntro: "Members see the club's cards and leaderboard.",
    tabLeaderboard: 'Leaderboard',
    tabMembers: 'Members',
    tabCards: 'Cards',
    tabInvites: 'Invitations',
    tabRequests: 'Requests',
    rankLabel: (rank: number) => `Rank ${rank}`,
    you: '(you)',
    currentCard: 'Current card',
    cardEnds: (date: string) => `Ends ${date}`,
    openCard: (title: string) => `Open ${title} on the bingo page`,
    openCardShort: 'Open card',
    cardTitleLabel: 'Card title',
    copy: 'Copy link',
    copied: 'Link copied!',
    copyFailed: 'Could not copy the link. Select it and copy it yourself.',
    inviteMadeOn: (date: string) => `Made ${date}`,
    inviteNeverExpires: 'Works until revoked',
    leaveTitle: 'Leave this club?',
    leaveExplained: 'You can join again only with a new invitation or an approved request.',
    joinPreviewTitle: 'Club invitation',
    removeExplained:
      "They lose the club's cards and leaderboard; their books stay theirs. They can join again with an invitation.",
    cancel: 'Cancel',
  },
  // Issue 26: installable and offline (decision 025).
  offline: {
    /** The quiet notice over a page shown from what was last seen; `time` as HH:MM. */
    showingCardAsOf: (time: string) => `You're offline: showing your card as of ${time}`,
    /** Why a control that needs the network is turned off. */
    needsNetwork: 'Needs a connection: you are offline.',
    updateReady: 'A new version of Hedgehog Reading Bingo is ready.',
    reloadToUpdate: 'Reload to update',
    updateLater: 'Later',
    /** Placing offline (step 3). */
    waiting: 'Waiting to be sent',
    waitingPosition: (position: number) => `Waiting to be sent (${position} in line)`,
    sending: 'Sending...',
    refused: (reason: string) => `Not placed: ${reason}`,
    dismissRefusal: 'OK',
    queuedToast: 'Saved on this device: it will be placed when you are back online.',
  },
} as const;

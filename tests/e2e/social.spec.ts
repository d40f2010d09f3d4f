import { expect, type Page } from '@playwright/test';
import { test } from './fixtures';
import { messages } from '../../src/lib/messages';
import { newReader, toast } from './support';

async function openFriendsTab(page: Page) {
  await page.goto('/profile');
  await page.getByRole('tab', { name: 'Friends' }).click();
  return page.getByRole('tabpanel', { name: 'Friends' });
}

function friendRow(page: Page, username: string) {
  return page.getByRole('listitem').filter({ has: page.getByRole('link', { name: username }) });
}

/** Places a book on the first free square of the current card, then reviews it in the modal. */
async function placeAndReview(page: Page, title: string, review: string) {
  await page.goto('/bingo');
  await page
    .getByRole('button', { name: /Not marked yet, choose a book/ })
    .first()
    .click();
  const search = page.getByRole('dialog');
  await search.getByLabel('Search for a book').fill(title);
  await search.getByRole('button', { name: 'Search' }).click();
  await search
    .getByRole('button', { name: `Choose ${title}`, exact: true })
    .first()
    .click();
  await expect(toast(page, messages.bingo.earnedPoints(10))).toBeVisible();

  const dialog = page.getByRole('dialog', { name: 'Write a review' });
  await dialog.getByLabel('Your review').fill(review);
  await dialog.getByRole('radio', { name: '5 stars' }).check({ force: true });
  await dialog.getByRole('button', { name: 'Submit Review' }).click();
  await expect(toast(page, messages.review.posted)).toBeVisible();
}

test('two readers become friends, read each other in the feed and the leaderboard, and A edits the profile', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const stamp = `${Date.now()}`.slice(-8);
  const a = await newReader(browser, baseURL!, `hoga${stamp}`);
  const b = await newReader(browser, baseURL!, `hogb${stamp}`);

  // A asks B by username.
  const aFriends = await openFriendsTab(a.page);
  await aFriends.getByRole('button', { name: 'Add Friend' }).click();
  const addFriend = a.page.getByRole('dialog', { name: 'Add Friend' });
  await addFriend.getByLabel('Email or username').fill(b.username.toUpperCase());
  await addFriend.getByRole('button', { name: 'ADD' }).click();
  await expect(toast(a.page, messages.friends.requestSent)).toBeVisible();
  await expect(addFriend).toBeHidden();
  const sent = friendRow(a.page, b.username);
  await expect(sent.getByText(messages.friends.requestSentLabel)).toBeVisible();
  await expect(sent.getByRole('button')).toHaveCount(0);

  // Asking again, and asking oneself, are refused with the spec's texts.
  await aFriends.getByRole('button', { name: 'Add Friend' }).click();
  await addFriend.getByLabel('Email or username').fill(b.email);
  await addFriend.getByRole('button', { name: 'ADD' }).click();
  await expect(toast(a.page, messages.friends.requestAlreadySent)).toBeVisible();
  await addFriend.getByLabel('Email or username').fill(a.email);
  await addFriend.getByRole('button', { name: 'ADD' }).click();
  await expect(toast(a.page, messages.friends.lonely)).toBeVisible();
  await addFriend.getByRole('button', { name: 'CANCEL' }).click();

  // B sees the request, with Accept and Reject, and accepts it.
  await openFriendsTab(b.page);
  const received = friendRow(b.page, a.username);
  await expect(received.getByText(messages.friends.wantsToBeFriends)).toBeVisible();
  await expect(received.getByRole('button', { name: 'Reject' })).toBeVisible();
  await received.getByRole('button', { name: 'Accept' }).click();
  await expect(toast(b.page, messages.friends.accepted)).toBeVisible();
  await expect(received.getByText(messages.friends.friendLabel, { exact: true })).toBeVisible();
  await expect(received.getByRole('link', { name: a.username })).toHaveAttribute(
    'href',
    /^\/friend\//,
  );

  await openFriendsTab(a.page);
  await expect(
    friendRow(a.page, b.username).getByText(messages.friends.friendLabel, { exact: true }),
  ).toBeVisible();

  // Both place a book and review it.
  await placeAndReview(a.page, 'Pride and Prejudice', 'A <b>sparkling</b> read by candlelight.');
  await placeAndReview(b.page, 'Jane Eyre', 'Thornfield kept me up all night.');

  // Each sees the other's review under Friends' Posts, and not their own.
  await a.page.goto('/blog?filter=friends');
  const bPost = a.page.getByRole('article', { name: 'Jane Eyre' });
  await expect(bPost.getByRole('link', { name: b.username })).toBeVisible();
  await expect(bPost.getByText('Thornfield kept me up all night.')).toBeVisible();
  await expect(bPost.getByText(messages.blog.rating(5))).toBeVisible();
  await expect(bPost.getByRole('button', { name: 'Delete post' })).toHaveCount(0);
  await expect(a.page.getByRole('article', { name: 'Pride and Prejudice' })).toHaveCount(0);
  await expect(a.page.getByText(messages.blog.noMorePosts)).toBeVisible();

  await b.page.goto('/blog');
  await b.page.getByLabel('Show').selectOption({ label: "Friends' Posts" });
  await expect(b.page).toHaveURL(/\/blog\?filter=friends$/);
  const aPost = b.page.getByRole('article', { name: 'Pride and Prejudice' });
  await expect(aPost.getByRole('link', { name: a.username })).toBeVisible();
  await expect(aPost.locator('.post__body b')).toHaveText('sparkling');

  // B's own post is under My Posts, with its delete link.
  await b.page.getByLabel('Show').selectOption({ label: 'My Posts' });
  await expect(
    b.page.getByRole('article', { name: 'Jane Eyre' }).getByRole('button', { name: 'Delete post' }),
  ).toBeVisible();

  // Each is on the other's Friends leaderboard.
  for (const reader of [a, b]) {
    const board = await reader.page.request.get('/api/leaderboard?scope=friends');
    const { entries } = (await board.json()) as { entries: { username: string }[] };
    expect(entries.map((entry) => entry.username).sort()).toEqual([a.username, b.username].sort());
  }
  await a.page.goto('/bingo');
  await a.page.getByRole('button', { name: 'View Leaderboard' }).click();
  const leaderboard = a.page.getByRole('dialog', { name: 'Leaderboard' });
  await leaderboard.getByRole('tab', { name: 'Friends' }).click();
  const friendsBoard = leaderboard.getByRole('tabpanel', { name: 'Friends' });
  await expect(friendsBoard.getByText(b.username)).toBeVisible();
  await expect(friendsBoard.getByText(a.username)).toBeVisible();
  await leaderboard.getByRole('button', { name: 'Close' }).click();

  // A edits the profile: avatar, username and bio.
  await a.page.goto('/profile');
  await a.page.getByRole('button', { name: 'Edit Profile' }).click();
  const editor = a.page.getByRole('dialog', { name: 'Edit Profile' });
  await editor.getByRole('radio', { name: 'Fantasy Fan' }).check({ force: true });
  await editor.getByLabel('Username').fill('bad name!');
  await editor.getByRole('button', { name: 'SAVE' }).click();
  await expect(editor.getByText(messages.profile.usernameInvalid)).toBeVisible();
  await editor.getByLabel('Username').fill(b.username);
  await editor.getByRole('button', { name: 'SAVE' }).click();
  await expect(toast(a.page, messages.profile.usernameTaken)).toBeVisible();
  const newName = `Hedge_${stamp}`;
  await editor.getByLabel('Username').fill(newName);
  await editor.getByLabel('Bio').fill('Collects <i>mossy</i> paperbacks.');
  await editor.getByRole('button', { name: 'SAVE' }).click();
  await expect(toast(a.page, messages.profile.updated)).toBeVisible();
  await expect(editor).toBeHidden();
  const card = a.page.getByRole('region', { name: newName });
  await expect(card.getByRole('img', { name: `${newName}'s picture: Fantasy Fan` })).toBeVisible();
  await expect(card.getByText('Collects mossy paperbacks.')).toBeVisible();

  // The stats count the reviewed book; a reload keeps the edits.
  await a.page.reload();
  await a.page.getByRole('tab', { name: 'Stats' }).click();
  const stats = a.page.getByRole('tabpanel', { name: 'Stats' });
  await expect(stats.locator('dt:text-is("Books Read") + dd')).toHaveText('1');
  await expect(stats.locator('dt:text-is("Reading Streak") + dd')).toHaveText('1 week');
  await expect(stats.locator('dt:text-is("Last Read") + dd')).not.toHaveText(
    messages.profile.lastReadNever,
  );
  await expect(a.page.getByRole('region', { name: newName })).toBeVisible();

  // B finds A under the new name on the friend profile.
  await openFriendsTab(b.page);
  await b.page.getByRole('link', { name: newName }).click();
  await expect(b.page).toHaveURL(/\/friend\//);
  await expect(b.page.getByRole('region', { name: newName })).toBeVisible();
  await expect(b.page.getByRole('link', { name: 'Pride and Prejudice' })).toBeVisible();
  await expect(
    b.page.getByRole('img', { name: `${newName}'s rating: 5 out of 5 stars` }),
  ).toBeVisible();

  await a.page.context().close();
  await b.page.context().close();
});

test('a review carrying script, handlers and javascript: links shows as harmless text', async ({
  browser,
  baseURL,
}) => {
  const reader = await newReader(browser, baseURL!, `hogx${`${Date.now()}`.slice(-8)}`);
  const { page } = reader;
  const alerts: string[] = [];
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.dismiss();
  });
  const review = await page.request.post('/api/reviews', {
    data: {
      isbn: '9780141439556',
      rating: 3,
      text:
        'Moody moors. <img src=x onerror=alert(1)><script>alert(2)</script>' +
        '<a href="javascript:alert(3)">click me</a> <b>bold</b>',
    },
    headers: { origin: baseURL! },
  });
  expect(review.status()).toBe(201);

  await page.goto('/blog?filter=mine');
  const post = page.getByRole('article', { name: 'Wuthering Heights' });
  await expect(post.getByText(/Moody moors/)).toBeVisible();
  await expect(post.locator('.post__body b')).toHaveText('bold');
  await expect(post.locator('.post__body img, .post__body script, .post__body a')).toHaveCount(0);
  await expect(page.locator('[onerror], a[href^="javascript:"]')).toHaveCount(0);
  expect(alerts).toEqual([]);
  await page.context().close();
});

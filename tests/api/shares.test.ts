import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../src/lib/messages';
import type { CreateShareResponse, ShareListResponse } from '../../src/lib/schemas/share';
import { hashShareToken } from '../../src/server/modules/shares/shares.service';
import { createGrid, placeOk, type TestGrid } from '../helpers/bingo';
import { createClub, createClubCard, joinClub } from '../helpers/clubs';
import { createBook } from '../helpers/factories';
import {
  call,
  createGuest,
  createTestApp,
  createUser,
  errorOf,
  type TestApp,
  type TestUser,
} from '../helpers/test-app';

/**
 * Issue 12, a card worth sharing: a reader makes a public link to their card; anyone sees the
 * card there signed out (page, SVG, PNG), with the card read out, and nothing else of the
 * reader's; the reader alone revokes it, and a revoked link is gone.
 */
let t: TestApp;
let grid: TestGrid;
let reader: TestUser;
let other: TestUser;

const FIRST_NAME = 'Zebediah';
const BIRTH_YEAR = 1911;
const BIO = 'Secret bio of a hedgehog';

async function share(user: TestUser, gridId = grid.id) {
  const response = await call(t.app, 'POST', '/api/shares', {
    cookie: user.cookie,
    body: { gridId },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<CreateShareResponse>().share;
}

/** The path of a link: the app answers by path (the link itself names APP_URL). */
const pathOf = (url: string) => new URL(url).pathname;

/** A PNG's width and height, read from its IHDR chunk. */
function pngSize(bytes: Buffer) {
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

beforeAll(async () => {
  t = await createTestApp();
  const admin = await createUser(t.app, { role: 'admin' });
  grid = await createGrid(t.app, { admin, title: 'Spring <Hedgehog> Challenge' });
  reader = await createUser(t.app);
  other = await createUser(t.app);
  await t.app.deps.database.db
    .updateTable('users')
    .set({ firstName: FIRST_NAME, birthYear: BIRTH_YEAR, bio: BIO })
    .where('id', '=', reader.id)
    .execute();
  // Row 1 complete (4 squares) and one more square: 5 of 16, one line.
  const titles = [
    'The Wind in the Willows',
    '<script>alert("owl")</script> & Friends',
    'Emma',
    'Beowulf',
    'Middlemarch',
  ];
  const positions = [0, 1, 2, 3, 5];
  for (const [i, title] of titles.entries()) {
    const book = await createBook(t.app, { title, authors: `Writer ${i + 1}` });
    await placeOk(t.app, reader.cookie, grid.cells[positions[i]!]!, book.isbn);
  }
});
afterAll(() => t.close());

describe('making a share link', () => {
  it('gives an unguessable link under the public origin, stored only as a hash', async () => {
    const made = await share(reader);
    const token = pathOf(made.url).split('/')[2]!;
    expect(made.url).toBe(`${t.config.appUrl}/share/${token}`);
    expect(made.imageUrl).toBe(`${made.url}/card.png`);
    // 32 random bytes in base64url: 256 bits.
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await t.app.deps.database.db
      .selectFrom('shares')
      .select(['tokenHash'])
      .where('id', '=', made.id)
      .execute();
    expect(rows).toEqual([{ tokenHash: hashShareToken(token) }]);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('lists the reader’s live links, and a new link to the same card replaces the old', async () => {
    const first = await share(reader);
    const second = await share(reader);
    const list = (
      await call(t.app, 'GET', '/api/shares', { cookie: reader.cookie })
    ).json<ShareListResponse>();
    expect(list.shares.map((s) => s.id)).toEqual([second.id]);
    expect(list.shares[0]).toMatchObject({
      gridId: grid.id,
      gridTitle: 'Spring <Hedgehog> Challenge',
    });
    expect((await call(t.app, 'GET', pathOf(first.url))).statusCode).toBe(404);
    expect((await call(t.app, 'GET', pathOf(second.url))).statusCode).toBe(200);
  });

  it('refuses guests, signed-out callers and unknown grids', async () => {
    const guest = await createGuest(t.app);
    const asGuest = await call(t.app, 'POST', '/api/shares', {
      cookie: guest,
      body: { gridId: grid.id },
    });
    expect(asGuest.statusCode).toBe(403);
    const signedOut = await call(t.app, 'POST', '/api/shares', { body: { gridId: grid.id } });
    expect(signedOut.statusCode).toBe(401);
    const unknown = await call(t.app, 'POST', '/api/shares', {
      cookie: reader.cookie,
      body: { gridId: 'no-such-grid' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).message).toBe(messages.bingo.gridNotFound);
  });

  it('limits how many links a reader makes a minute', async () => {
    const limited = await createTestApp({}, {});
    try {
      const admin = await createUser(limited.app, { role: 'admin' });
      const g = await createGrid(limited.app, { admin });
      const statuses: number[] = [];
      for (let i = 0; i < 11; i += 1) {
        const r = await call(limited.app, 'POST', '/api/shares', {
          cookie: admin.cookie,
          body: { gridId: g.id },
        });
        statuses.push(r.statusCode);
        if (r.statusCode === 429) expect(errorOf(r).message).toBe(messages.share.tooMany);
      }
      expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
      expect(statuses[10]).toBe(429);
    } finally {
      await limited.close();
    }
  });
});

describe('the public share page', () => {
  it('shows the card signed out, with its alt text and social tags', async () => {
    const made = await share(reader);
    const page = await call(t.app, 'GET', pathOf(made.url));
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    const html = page.body;
    expect(html).toContain(`<meta property="og:image" content="${made.url}/card.png">`);
    expect(html).toContain(`<meta property="og:url" content="${made.url}">`);
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image">');
    expect(html).toContain(
      '<meta property="og:description" content="5 of 16 squares; row 1 complete; 100 points">',
    );
    expect(html).toContain(
      '<meta property="og:title" content="Spring &#60;Hedgehog&#62; Challenge',
    );
    // The image's alt text reads the card out, square by square.
    const alt = /<img class="card" src="([^"]+)"[^>]* alt="([^"]+)"/.exec(html);
    expect(alt?.[1]).toBe(`${pathOf(made.url)}/card.svg`);
    expect(alt?.[2]).toContain('5 of 16 squares; row 1 complete; 100 points.');
    expect(alt?.[2]).toContain('Square 3, A book by a debut author: Emma by Writer 3.');
    expect(alt?.[2]).toContain('Square 5, A non-fiction book: empty.');
    // Markup in a title is text, never markup.
    expect(html).not.toContain('<script>');
    expect(html).toContain('&#60;script&#62;alert(&#34;owl&#34;)&#60;/script&#62; &#38; Friends');
  });

  it('shows nothing else of the reader: no email, name, username, bio, first name or birth year', async () => {
    const made = await share(reader);
    const me = (await call(t.app, 'GET', '/api/me', { cookie: reader.cookie })).json<{
      user: { username: string | null; name: string; email: string };
    }>().user;
    const bodies = [
      (await call(t.app, 'GET', pathOf(made.url))).body,
      (await call(t.app, 'GET', `${pathOf(made.url)}/card.svg`)).body,
    ];
    for (const body of bodies) {
      for (const secret of [
        reader.email,
        me.email,
        me.name,
        FIRST_NAME,
        String(BIRTH_YEAR),
        BIO,
        reader.id,
      ]) {
        expect(body).not.toContain(secret);
      }
      if (me.username) expect(body).not.toContain(me.username);
    }
  });

  it('serves the SVG with every title escaped, and a real PNG of 1200 x 630', async () => {
    const made = await share(reader);
    const svg = await call(t.app, 'GET', `${pathOf(made.url)}/card.svg`);
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(svg.body).not.toContain('<script>');
    expect(svg.body).not.toContain('<Hedgehog>');
    expect(svg.body).toContain('Spring &#60;Hedgehog&#62; Challenge');
    expect(svg.body).toMatch(
      /<desc id="card-desc">Spring &#60;Hedgehog&#62; Challenge: 5 of 16 squares/,
    );

    const png = await call(t.app, 'GET', `${pathOf(made.url)}/card.png`);
    expect(png.statusCode).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    const bytes = png.rawPayload;
    expect(bytes.subarray(0, 8)).toEqual(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    );
    expect(pngSize(bytes)).toEqual({ width: 1200, height: 630 });
    expect(bytes.length).toBeGreaterThan(20_000);
  });

  it('keeps the image until the card changes: same ETag (304), a new one after a placement', async () => {
    const made = await share(reader);
    const url = `${pathOf(made.url)}/card.png`;
    const first = await call(t.app, 'GET', url);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"png-/);
    const again = await call(t.app, 'GET', url, { headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);

    const book = await createBook(t.app, { title: 'Persuasion' });
    await placeOk(t.app, reader.cookie, grid.cells[15]!, book.isbn);
    const changed = await call(t.app, 'GET', url, { headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    const page = await call(t.app, 'GET', pathOf(made.url));
    expect(page.body).toContain('Persuasion');
  });

  it('draws the PNG once per card version, starting when the page is read', async () => {
    const made = await share(reader);
    const book = await createBook(t.app, { title: 'Mansfield Park' });
    await placeOk(t.app, reader.cookie, grid.cells[14]!, book.isbn);
    const before = t.app.shares.pngRenders();
    expect((await call(t.app, 'GET', pathOf(made.url))).statusCode).toBe(200);
    expect(t.app.shares.pngRenders()).toBe(before + 1);
    for (let i = 0; i < 3; i += 1) {
      const png = await call(t.app, 'GET', `${pathOf(made.url)}/card.png`);
      expect(png.statusCode).toBe(200);
    }
    expect(t.app.shares.pngRenders()).toBe(before + 1);
  });

  it('answers 404 for an unknown or malformed token, in HTML for the page and our shape for images', async () => {
    const unknown = `/share/${'A'.repeat(43)}`;
    const page = await call(t.app, 'GET', unknown);
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain(messages.share.notFound);
    for (const path of [`${unknown}/card.png`, `${unknown}/card.svg`, '/share/short/card.png']) {
      const image = await call(t.app, 'GET', path);
      expect(image.statusCode).toBe(404);
      expect(errorOf(image)).toEqual({ code: 'NOT_FOUND', message: messages.share.notFound });
    }
  });
});

describe('revoking a share link', () => {
  it('another reader cannot revoke it; its owner can, and then it is 404 everywhere', async () => {
    const made = await share(reader);
    const byOther = await call(t.app, 'DELETE', `/api/shares/${made.id}`, { cookie: other.cookie });
    expect(byOther.statusCode).toBe(404);
    expect((await call(t.app, 'GET', pathOf(made.url))).statusCode).toBe(200);

    const revoked = await call(t.app, 'DELETE', `/api/shares/${made.id}`, {
      cookie: reader.cookie,
    });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json<{ message: string }>().message).toBe(messages.share.revoked);
    for (const path of ['', '/card.png', '/card.svg']) {
      expect((await call(t.app, 'GET', `${pathOf(made.url)}${path}`)).statusCode).toBe(404);
    }
    const list = (
      await call(t.app, 'GET', '/api/shares', { cookie: reader.cookie })
    ).json<ShareListResponse>();
    expect(list.shares.map((s) => s.id)).not.toContain(made.id);
    // Revoked is revoked: a second revoke finds nothing.
    expect(
      (await call(t.app, 'DELETE', `/api/shares/${made.id}`, { cookie: reader.cookie })).statusCode,
    ).toBe(404);
  });
});

describe('a share of a club card', () => {
  /**
   * Issue 22, defect 5: a link to a club card answers only while its sharer can still open the
   * card. A member shares a club card and reads every form of it (so each is rendered, cached
   * and has an ETag); then they leave the club's reach, and every form answers as a revoked
   * link at once, also to a client holding the cached image's ETag.
   */
  async function sharedClubCard(title: string) {
    const [owner, member] = await Promise.all([createUser(t.app), createUser(t.app)]);
    const clubId = (await createClub(t.app, owner, { name: `${title} Circle` })).id;
    await joinClub(t.app, owner, member, clubId);
    const card = await createClubCard(t.app, owner, clubId, { title });
    const book = await createBook(t.app, { title: `${title} Book` });
    await placeOk(t.app, member.cookie, card.cells[0]!, book.isbn);
    const made = await share(member, card.id);
    const etags: Record<string, string> = {};
    for (const form of ['', '/card.svg', '/card.png']) {
      const seen = await call(t.app, 'GET', `${pathOf(made.url)}${form}`);
      expect(seen.statusCode).toBe(200);
      if (form !== '/card.png') expect(seen.body).toContain(title);
      etags[form] = seen.headers.etag as string;
    }
    return { owner, member, clubId, made, etags };
  }

  async function expectRevoked(made: CreateShareResponse['share'], etags: Record<string, string>) {
    const page = await call(t.app, 'GET', pathOf(made.url));
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain(messages.share.notFound);
    for (const form of ['/card.svg', '/card.png']) {
      const image = await call(t.app, 'GET', `${pathOf(made.url)}${form}`);
      expect(image.statusCode).toBe(404);
      expect(errorOf(image)).toEqual({ code: 'NOT_FOUND', message: messages.share.notFound });
    }
    // A client holding the cached render's ETag is not told its copy is still good.
    for (const [form, etag] of Object.entries(etags)) {
      const kept = await call(t.app, 'GET', `${pathOf(made.url)}${form}`, {
        headers: { 'if-none-match': etag },
      });
      expect(kept.statusCode).toBe(404);
      expect(kept.headers['cache-control']).toBe('no-store');
    }
  }

  it('stops at once when an owner removes the sharer from the club', async () => {
    const { owner, member, clubId, made, etags } = await sharedClubCard('Removal Challenge');
    const removed = await call(t.app, 'DELETE', `/api/clubs/${clubId}/members/${member.id}`, {
      cookie: owner.cookie,
    });
    expect(removed.statusCode).toBe(200);
    await expectRevoked(made, etags);
    const list = (
      await call(t.app, 'GET', '/api/shares', { cookie: member.cookie })
    ).json<ShareListResponse>();
    expect(list.shares.map((s) => s.id)).not.toContain(made.id);
  });

  it('stops at once when the sharer leaves the club', async () => {
    const { member, clubId, made, etags } = await sharedClubCard('Leaving Challenge');
    const left = await call(t.app, 'DELETE', `/api/clubs/${clubId}/members/${member.id}`, {
      cookie: member.cookie,
    });
    expect(left.statusCode).toBe(200);
    await expectRevoked(made, etags);
  });

  it('stops at once when the club is deleted', async () => {
    const { owner, clubId, made, etags } = await sharedClubCard('Deleted Challenge');
    const deleted = await call(t.app, 'DELETE', `/api/clubs/${clubId}`, { cookie: owner.cookie });
    expect(deleted.statusCode).toBe(200);
    await expectRevoked(made, etags);
  });
});

describe('beside the built web app', () => {
  it('answers /share/* itself, not with the app’s index.html, under the app’s CSP', async () => {
    const staticDir = mkdtempSync(path.join(tmpdir(), 'bingo-share-spa-'));
    writeFileSync(path.join(staticDir, 'index.html'), '<html><body>the app</body></html>');
    const withSpa = await createTestApp({ STATIC_DIR: staticDir });
    try {
      const admin = await createUser(withSpa.app, { role: 'admin' });
      const g = await createGrid(withSpa.app, { admin });
      const made = await call(withSpa.app, 'POST', '/api/shares', {
        cookie: admin.cookie,
        body: { gridId: g.id },
      });
      const link = pathOf(made.json<CreateShareResponse>().share.url);
      const page = await call(withSpa.app, 'GET', link);
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('og:image');
      expect(page.body).not.toContain('the app');
      expect(page.body).not.toContain('<script');
      const csp = String(page.headers['content-security-policy']);
      expect(csp).toContain("img-src 'self'");
      expect(csp).toContain("script-src 'self'");
      const unknown = await call(withSpa.app, 'GET', `/share/${'B'.repeat(43)}`);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.body).toContain(messages.share.notFound);
      expect(unknown.body).not.toContain('the app');
    } finally {
      await withSpa.close();
    }
  });
});

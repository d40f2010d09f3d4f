import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { SHARE_IMAGE_CACHE_ENTRIES } from '../../../lib/limits';
import { messages } from '../../../lib/messages';
import { SHARE_TOKEN_PATTERN } from '../../../lib/schemas/share';
import type {
  CreateShareResponse,
  RevokeShareResponse,
  ShareListResponse,
  ShareSummary,
} from '../../../lib/schemas/share';
import { describeShareCard, type ShareCard } from '../../../lib/share-card';
import type { DatabaseHandle } from '../../db/database';
import { toIso } from '../../db/schema';
import { isUniqueViolation } from '../../db/unique-violation';
import { conflict, notFound } from '../../http/errors';
import type { Viewer } from '../../http/viewer';
import { createLru } from '../../shared/lru';
import { createBingoRepository } from '../bingo/bingo.repository';
import type { PngRenderer } from './share-card-png';
import { renderShareCardSvg } from './share-card-svg';
import { createSharesRepository, type ShareRow } from './shares.repository';

/** 32 random bytes: 256 bits, far past guessing; base64url, 43 characters. */
const TOKEN_BYTES = 32;

/** What the database keeps of a token: its SHA-256, so a copy of the database opens no card. */
export function hashShareToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A shared card ready to show: the card, its words, and a version that changes with it. */
export interface LoadedShareCard {
  card: ShareCard;
  description: string;
  /** A hash of everything the card shows: the images' cache key and ETag. */
  version: string;
}

function toSummary(row: ShareRow): ShareSummary {
  return {
    id: row.id,
    gridId: row.gridId,
    gridTitle: row.gridTitle,
    createdAt: toIso(row.createdAt),
  };
}

/**
 * A card worth sharing (issue 12): links a reader makes to one of their cards, the card they
 * open (no name, no email, nothing private: src/lib/share-card.ts) and its images. Images are
 * kept in memory by the card's version, so a card is drawn again only after it changed.
 */
export function createSharesService(deps: {
  database: DatabaseHandle;
  appUrl: string;
  /** Draws the PNG on a worker thread (decision 032). */
  png: PngRenderer;
}) {
  const { db, kind } = deps.database;
  const shares = createSharesRepository(db);
  // Rendered images by card version.
  const images = createLru<Promise<Buffer> | string>(SHARE_IMAGE_CACHE_ENTRIES);
  let pngRenders = 0;

  const linkOf = (token: string) => `${deps.appUrl}/share/${token}`;

  /** The card behind a live link, or null for a malformed, unknown or revoked token. */
  async function loadCard(token: string): Promise<LoadedShareCard | null> {
    if (!SHARE_TOKEN_PATTERN.test(token)) return null;
    const share = await shares.findLiveByTokenHash(hashShareToken(token));
    if (!share) return null;
    const bingo = createBingoRepository(db, kind);
    const [grid, cells, placements] = await Promise.all([
      bingo.findGrid(share.gridId),
      bingo.listCells(share.gridId),
      bingo.listPlacements(share.userId, share.gridId),
    ]);
    if (!grid) return null;
    const byCell = new Map(placements.map((p) => [p.cellId, p]));
    const card: ShareCard = {
      gridTitle: grid.title,
      points: placements.reduce((sum, p) => sum + p.points, 0),
      squares: cells.map((cell) => {
        const placed = byCell.get(cell.id);
        return {
          position: Number(cell.position),
          challenge: cell.challenge,
          book: placed
            ? {
                title: placed.bookTitle,
                authors: placed.authors ?? '',
                isWildcard: placed.isWildcard,
              }
            : null,
        };
      }),
    };
    const version = createHash('sha256').update(JSON.stringify(card)).digest('base64url');
    return { card, description: describeShareCard(card), version: version.slice(0, 32) };
  }

  /** The card as SVG, drawn once per version. */
  function svgOf(loaded: LoadedShareCard): string {
    const key = `svg:${loaded.version}`;
    const cached = images.get(key);
    if (typeof cached === 'string') return cached;
    const svg = renderShareCardSvg(loaded.card, loaded.description);
    images.set(key, svg);
    return svg;
  }

  /** The card as PNG, rasterised once per version (concurrent asks share one render). */
  function pngOf(loaded: LoadedShareCard): Promise<Buffer> {
    const key = `png:${loaded.version}`;
    const cached = images.get(key);
    if (cached instanceof Promise) return cached;
    const rendering = deps.png.render(svgOf(loaded));
    pngRenders += 1;
    images.set(key, rendering);
    rendering.catch(() => images.delete(key));
    return rendering;
  }

  return {
    loadCard,

    /** A new link to one of the viewer's cards; an earlier live link to it stops working. */
    async createShare(viewer: Viewer, gridId: string): Promise<CreateShareResponse> {
      const grid = await createBingoRepository(db, kind).findGridWithCurrent(gridId, viewer.id);
      // A club card is shared by its members only; to others it is not there (decision 016).
      if (!grid || (grid.club && !grid.isMember)) throw notFound(messages.bingo.gridNotFound);
      const token = randomBytes(TOKEN_BYTES).toString('base64url');
      const now = new Date().toISOString();
      const id = randomUUID();
      try {
        await db.transaction().execute(async (trx) => {
          const repo = createSharesRepository(trx);
          await repo.revokeForGrid(viewer.id, gridId, now);
          await repo.insert({
            id,
            userId: viewer.id,
            gridId,
            tokenHash: hashShareToken(token),
            createdAt: now,
          });
        });
      } catch (error) {
        // Two links to one card made at the same moment: one live link per card (migration 009).
        if (isUniqueViolation(error)) throw conflict(messages.share.createFailed);
        throw error;
      }
      const url = linkOf(token);
      return {
        share: {
          id,
          gridId,
          gridTitle: grid.title,
          createdAt: now,
          url,
          imageUrl: `${url}/card.png`,
        },
        message: messages.share.created,
      };
    },

    async listShares(viewer: Viewer): Promise<ShareListResponse> {
      return { shares: (await shares.listLive(viewer.id)).map(toSummary) };
    },

    /** Revokes one of the viewer's own links; someone else's, or an unknown one, is not found. */
    async revokeShare(viewer: Viewer, id: string): Promise<RevokeShareResponse> {
      const revoked = await shares.revoke(viewer.id, id, new Date().toISOString());
      if (!revoked) throw notFound(messages.share.notFound);
      return { message: messages.share.revoked };
    },

    svgOf,
    pngOf,

    /** How many PNGs this instance has rendered: once per card version while it stays cached. */
    pngRenders: () => pngRenders,

    /** Forgets every rendered image (the bench measures the uncached render with it). */
    clearImageCache() {
      images.clear();
    },

    linkOf,
  };
}

export type SharesService = ReturnType<typeof createSharesService>;

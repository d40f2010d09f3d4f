import { messages } from '../../../lib/messages';
import { canSeeProfile } from '../../../lib/privacy';
import { computeReadingYear, describeReadingYear, yearBounds } from '../../../lib/reading-year';
import type {
  OwnReadingYearResponse,
  ReadingYear,
  UserReadingYearResponse,
} from '../../../lib/schemas/reading-year';
import type { DatabaseHandle } from '../../db/database';
import { notFound } from '../../http/errors';
import type { Viewer } from '../../http/viewer';
import { createPrivacyService } from '../privacy/privacy.service';
import { createProfileRepository } from '../profile/profile.repository';
import type { PngRenderer } from '../shares/share-card-png';
import { renderReadingYearSvg } from './reading-year-svg';
import { createReadingYearRepository } from './reading-year.repository';

/** The address of a year's share image (the reader's own, signed in). */
export function readingYearImageUrl(year: number, format: 'svg' | 'png'): string {
  return `/api/profile/reading-year/${year}/share.${format}`;
}

/**
 * A reader's year in books (issue 25): counted on each call from their finished books and
 * card totals, which takes a few milliseconds for 500 books (bench: `npm run bench --
 * reading-year`), so nothing is kept that a new finished book would have to invalidate.
 */
export function createReadingYearService(database: DatabaseHandle, png: PngRenderer) {
  const repository = createReadingYearRepository(database.db);
  const profiles = createProfileRepository(database.db);
  const privacy = createPrivacyService(database);

  async function yearOf(
    userId: string,
    year: number | undefined,
    withClubCards: boolean,
  ): Promise<ReadingYear> {
    const currentYear = new Date().getUTCFullYear();
    const shown = year ?? currentYear;
    const { from, to } = yearBounds(shown);
    const [books, earlierAuthors, finishedDates, cards] = await Promise.all([
      repository.listFinishedBooks(userId, from, to),
      repository.listAuthorsBefore(userId, from),
      repository.listFinishedDates(userId),
      repository.listCards(userId, withClubCards),
    ]);
    return computeReadingYear(shown, { books, earlierAuthors, finishedDates, cards }, currentYear);
  }

  return {
    /** The reader's own year, with their club cards, and its share image's addresses. */
    async getOwn(viewer: Viewer, year: number | undefined): Promise<OwnReadingYearResponse> {
      const reading = await yearOf(viewer.id, year, true);
      return {
        reading,
        share: {
          svgUrl: readingYearImageUrl(reading.year, 'svg'),
          pngUrl: readingYearImageUrl(reading.year, 'png'),
          alt: describeReadingYear(reading),
        },
      };
    },

    /**
     * Another reader's year, answered exactly as their profile is (profile.service.ts's
     * getUserProfile, decision 014): 404 when there is no such reader (a guest has none), 200
     * 'hidden' when their visibility leaves the viewer out or either blocked the other, else
     * their year with the shared cards only (club cards would tell which clubs they are in).
     */
    async getUser(
      viewer: Viewer,
      userId: string,
      year: number | undefined,
    ): Promise<UserReadingYearResponse> {
      const row = await profiles.findMember(userId);
      if (!row) throw notFound(messages.profile.notFound);
      const relationOf = await privacy.relationsTo(viewer.id, [
        { id: row.id, visibility: row.profileVisibility },
      ]);
      const relation = relationOf(row.id);
      if (!canSeeProfile(row.profileVisibility, relation)) return { access: 'hidden' };
      const reading = await yearOf(userId, year, relation.isSelf);
      return { access: 'full', reading, alt: describeReadingYear(reading) };
    },

    /** The reader's own Year in Review as an image: SVG text, or PNG bytes. */
    async image(viewer: Viewer, year: number, format: 'svg' | 'png'): Promise<string | Buffer> {
      const reading = await yearOf(viewer.id, year, true);
      const svg = renderReadingYearSvg(reading, describeReadingYear(reading));
      return format === 'svg' ? svg : png.render(svg);
    },
  };
}

export type ReadingYearService = ReturnType<typeof createReadingYearService>;

// The listing numbers' clock: hits on listing pages (views, website clicks,
// badge clicks) wait in memory (stats.ts DailyStatsBuffer) and are written
// in one transaction a second and at shutdown, so reading a page is not also
// a database write. A crash loses at most a second of hits: a counter, not a
// record. The public view count (listings.views_count) grows in that same
// write, by the people the database has not seen on the listing that day.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { DailyStatsBuffer } from './stats.js';

export const VIEW_FLUSH_MS = 1000;

export class ViewCounter {
  private readonly timer: NodeJS.Timeout;
  /** Hits waiting for the next write. */
  readonly daily = new DailyStatsBuffer();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly onError: (err: unknown) => void,
  ) {
    this.timer = setInterval(() => void this.flush(), VIEW_FLUSH_MS);
    this.timer.unref();
  }

  /** Writes the pending hits. */
  flush(): Promise<void> {
    return this.daily.flush(this.db, this.onError);
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }
}

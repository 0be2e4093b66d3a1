// A share's `download_count`, kept as `last_accessed_at` is (links.ts): a whole download
// through a link is counted in memory, and the counts of an interval are added in one
// statement at its end, so a download writes nothing of its own
// (docs/decisions/link-download-counts.md).

import { sql } from "drizzle-orm";
import type { Db } from "../../data/database.js";
import { namedStatement, value } from "../../data/prepared.js";

/** How long a count may wait before it is written: what a crash can lose. */
const DOWNLOAD_COUNT_INTERVAL_MS = 100;

const addCountsStatement = namedStatement<never, { ids: string[]; counts: number[] }>(
  "add_link_downloads",
  sql`update file_shares s set download_count = s.download_count + c.n
    from unnest(${value("ids")}::text[], ${value("counts")}::bigint[]) as c(id, n) where s.id = c.id`,
);

export class DownloadCounts {
  private pending = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();
  private closed = false;

  constructor(
    private readonly db: Db,
    private readonly failed: (err: unknown) => void,
  ) {}

  /** One more whole download through the link of share `shareId`. */
  add(shareId: string, downloads = 1): void {
    this.pending.set(shareId, (this.pending.get(shareId) ?? 0) + downloads);
    if (!this.closed) this.timer ??= setTimeout(() => void this.write(), DOWNLOAD_COUNT_INTERVAL_MS).unref();
  }

  /** Writes the counts so far and schedules no more writes (the server is stopping). */
  close(): Promise<void> {
    this.closed = true;
    return this.write();
  }

  /**
   * Writes the counts so far, after any write under way; resolves once they are stored.
   * Counts whose write fails are kept for the next interval, unless closed (and the failure reported).
   */
  write(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.pending;
    this.pending = new Map();
    if (batch.size === 0) return this.writing;
    this.writing = this.writing.then(() =>
      addCountsStatement(this.db, { ids: [...batch.keys()], counts: [...batch.values()] }).then(
        () => {},
        (err: unknown) => {
          for (const [shareId, downloads] of batch) this.add(shareId, downloads);
          this.failed(err);
        },
      ),
    );
    return this.writing;
  }
}

// The SHA-256 and head of each upload's recorded bytes as this process took them: at
// completion they spare a read of the whole upload when every byte came through here.
import { ContentSummary } from "../../storage/content-tap.js";

/** How many uploads' running summaries a process keeps (the oldest go first: their completion reads the bytes). */
const SUMMARIES_KEPT = 1000;

export class ContentSummaries {
  private readonly byUpload = new Map<string, { offset: number; content: ContentSummary }>();

  /**
   * A copy of the summary of the upload's bytes from 0 to `offset`, to go on with; none
   * when another process's PATCH moved the offset past the one kept here.
   */
  from(id: string, offset: number): ContentSummary | undefined {
    const kept = this.byUpload.get(id);
    return kept?.offset === offset ? kept.content.copy() : offset === 0 ? ContentSummary.start() : undefined;
  }

  keep(id: string, offset: number, content: ContentSummary): void {
    this.byUpload.delete(id);
    this.byUpload.set(id, { offset, content: content.copy() });
    if (this.byUpload.size > SUMMARIES_KEPT) this.byUpload.delete(this.byUpload.keys().next().value as string);
  }

  forget(id: string): void {
    this.byUpload.delete(id);
  }
}

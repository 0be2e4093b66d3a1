import type { Page, PageRequest } from "../domain/pagination.js";

/** The page a list request asks for: its `cursor` and `page_size` (50 by default; the contract bounds it). */
export const pageRequest = (query: { cursor?: string; page_size?: number } | undefined): PageRequest => ({
  cursor: query?.cursor,
  pageSize: Number(query?.page_size ?? 50),
});

/** A page as the contract answers it: `next` is this request's own URL (filters and `page_size` kept) with the next cursor. */
export function pageBody<T>(url: URL, page: Page<T>): { results: T[]; next: string | null } {
  if (page.next === null) return { results: page.items, next: null };
  const next = new URL(url);
  next.searchParams.set("cursor", page.next);
  return { results: page.items, next: next.toString() };
}

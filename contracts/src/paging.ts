import { z } from 'zod';

/**
 * Paging of the staff's booking lists (opt-in: without `cursor` or `limit` a list answers as SPEC.md
 * defines it). A page is read in the lists' order (date, time, creation time, id) from just after its
 * cursor, so a booking added or removed between two pages never makes the next page repeat or skip one.
 */
export const PAGE_LIMIT_MAX = 200;
export const PAGE_LIMIT_DEFAULT = 50;
export const PAGE_LIMIT_MESSAGE = `Limit must be a whole number from 1 to ${PAGE_LIMIT_MAX}`;
export const PAGED_VIEWS_MESSAGE = 'Only the list view is answered in pages';
export const PAGE_CURSOR_MESSAGE = 'This page cursor is not valid. Start again from the first page.';

/** Where a page ends: the sort keys of its last booking. */
export interface PageCursor {
  date: string;
  time: string;
  createdAt: string;
  id: string;
}

const toBase64Url = (text: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');

const fromBase64Url = (text: string) => {
  const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
  return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
};

/** The opaque text a client sends back as `cursor`. */
export function encodeCursor(cursor: PageCursor): string {
  return toBase64Url(JSON.stringify([cursor.date, cursor.time, cursor.createdAt, cursor.id]));
}

/** The cursor in a client's text, or null when it is not one this server made. */
export function decodeCursor(text: string): PageCursor | null {
  if (!/^[A-Za-z0-9_-]{1,400}$/.test(text)) return null;
  try {
    const parts: unknown = JSON.parse(fromBase64Url(text));
    if (!Array.isArray(parts) || parts.length !== 4 || !parts.every((p) => typeof p === 'string')) return null;
    const [date, time, createdAt, id] = parts as [string, string, string, string];
    return { date, time, createdAt, id };
  } catch {
    return null;
  }
}

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** `?cursor=&limit=`, as query strings bring them; a blank value is "not set". */
export const pageQuerySchema = z.object({
  cursor: z.preprocess(
    blankToUndefined,
    z
      .string()
      .transform((text, ctx) => {
        const cursor = decodeCursor(text);
        if (!cursor) ctx.addIssue({ code: 'custom', message: PAGE_CURSOR_MESSAGE });
        return cursor ?? z.NEVER;
      })
      .optional(),
  ),
  limit: z.preprocess(
    blankToUndefined,
    z.coerce
      .number({ error: PAGE_LIMIT_MESSAGE })
      .int({ error: PAGE_LIMIT_MESSAGE })
      .min(1, { error: PAGE_LIMIT_MESSAGE })
      .max(PAGE_LIMIT_MAX, { error: PAGE_LIMIT_MESSAGE })
      .optional(),
  ),
});
export type PageQuery = z.output<typeof pageQuerySchema>;

/** Whether a parsed query asks for a page (either parameter given). */
export const isPaged = (query: PageQuery) => query.cursor !== undefined || query.limit !== undefined;

/** A page of a list: its items in order, and the cursor of the next page (null: this is the last). */
export const pageOf = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), nextCursor: z.string().nullable() });
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

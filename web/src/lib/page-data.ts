/**
 * API answers the gateway puts into the page it serves (GET path → its JSON, e.g. '/api/business-info'),
 * in a data block: `<script type="application/json" id="page-data">`. The app seeds its query cache with
 * them, so its first render uses the very data the server rendered the HTML with (hydration matches) and
 * no visitor sees the café's defaults flash before the stored values.
 */
export type PageData = Record<string, unknown>;

export const PAGE_DATA_ID = 'page-data';

export function readPageData(doc: Document): PageData {
  const text = doc.getElementById(PAGE_DATA_ID)?.textContent;
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as PageData) : {};
  } catch {
    return {};
  }
}

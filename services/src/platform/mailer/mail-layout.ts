import { formatLongDate, RecentAnswers } from '@cafe/contracts';
import type { CafeContact } from './mail-composer.js';
import type { MailAttachment, MailMessage } from './mailer.js';

/**
 * The one look of every mail, whichever slice composes it: a greeting, paragraphs, a table of details,
 * the guest's booking page or "Book again", and the café's block (text and HTML alike).
 */

// Every mail names its dates and its café: worked out once, not per mail (luxon's were a few % of a booking's CPU).
const longDateFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: 'UTC',
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
});

const longDates = new RecentAnswers<string>(10_000);
/** '2026-11-28' → 'Saturday, November 28, 2026', as contracts' formatLongDate says it: through one Intl formatter, once per date. */
export function longDate(isoDate: string): string {
  return longDates.get(isoDate) ?? longDates.keep(isoDate, intlLongDate(isoDate));
}

function intlLongDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match || match[1]! < '1000') return formatLongDate(isoDate);
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  const day = new Date(ms);
  // Not a real date (2026-02-30): luxon's answer, the ISO text as given.
  if (day.getUTCDate() !== Number(match[3]) || day.getUTCMonth() !== Number(match[2]) - 1) return formatLongDate(isoDate);
  return longDateFormat.format(ms);
}

interface Signature {
  key: string;
  text: string;
  html: string;
}
let signature: Signature | undefined;
/** The café's block that ends every mail, text and HTML, made again only when business info changes. */
function signatureOf(cafe: CafeContact): Signature {
  const key = `${cafe.name}\n${cafe.address}\n${cafe.phone}\n${cafe.email}`;
  if (signature?.key !== key)
    signature = {
      key,
      text: `${key}\n`,
      html: `<p><strong>${esc(cafe.name)}</strong><br>${esc(cafe.address)}<br>${esc(cafe.phone)}<br>${esc(cafe.email)}</p>`,
    };
  return signature;
}

export function render(opts: {
  to: string;
  /** Where a reply goes when not to the sender (the café's copy of a request: the guest). */
  replyTo?: string;
  subject: string;
  greeting: string;
  paragraphs: string[];
  details: [string, string][];
  cafe: CafeContact;
  messageId: string;
  attachments?: MailAttachment[];
  /** The guest's own booking page (signed link), shown as a button in HTML and a bare URL in text. */
  manageUrl?: string;
  /** A "Book again" link to the site's reservations (the café's bookUrl), for a booking that is over. */
  bookAgain?: boolean;
}): MailMessage {
  const { cafe } = opts;
  const manage = opts.manageUrl ? `To cancel, or change the date, time or party size, open your booking page: ${opts.manageUrl}` : null;
  const book = opts.bookAgain && cafe.bookUrl ? cafe.bookUrl : null;
  const width = Math.max(...opts.details.map(([k]) => k.length)) + 2;
  const text = [
    opts.greeting,
    '',
    ...opts.paragraphs.flatMap((p) => [p, '']),
    ...opts.details.map(([k, v]) => `  ${`${k}:`.padEnd(width)} ${v}`),
    '',
    ...(manage ? [manage, ''] : []),
    ...(book ? [`Book again: ${book}`, ''] : []),
    signatureOf(cafe).text,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:sans-serif">
<p>${esc(opts.greeting)}</p>
${opts.paragraphs.map((p) => `<p>${esc(p)}</p>`).join('\n')}
<table>${opts.details.map(([k, v]) => `<tr><th align="left">${esc(k)}</th><td>${esc(v)}</td></tr>`).join('')}</table>
${opts.manageUrl ? `<p><a href="${esc(opts.manageUrl)}">Manage your booking</a> (cancel, or change the date, time or party size)</p>` : ''}
${book ? `<p><a href="${esc(book)}">Book again</a></p>` : ''}
${signatureOf(cafe).html}
</body></html>`;
  return {
    to: opts.to,
    ...(opts.replyTo ? { replyTo: opts.replyTo } : {}),
    subject: opts.subject,
    text,
    html,
    messageId: opts.messageId,
    attachments: opts.attachments,
  };
}

const special = /[&<>"']/;
function esc(value: string): string {
  return special.test(value) ? value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`) : value;
}

import type { BusinessInfo } from '@cafe/contracts';
import { siteOf, useBusinessInfo } from '../../../lib/business-info';
import { dayHoursTexts } from './hours-rows';

// Spelled out here: the contracts' WEEKDAYS would bring zod (and its eval probe, which the CSP reports) into the landing page.
const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
const DAY_NAMES: Record<(typeof WEEKDAYS)[number], string> = {
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
};

/** '3:00 PM' → '15:00'; null when the text is not a 12-hour time. */
function to24h(text: string): string | null {
  const m = /^(\d{1,2})(?::(\d{2}))?\s*([AP])\.?M\.?$/i.exec(text.trim());
  if (!m) return null;
  const hour = (Number(m[1]) % 12) + (m[3]!.toUpperCase() === 'P' ? 12 : 0);
  return `${String(hour).padStart(2, '0')}:${m[2] ?? '00'}`;
}

/** A day's hours text ('11:00 AM - 11:00 PM') as opens/closes, or null (closed, or free text). */
function openClose(text: string): { opens: string; closes: string } | null {
  const [from, to] = text.split(/\s*[-–—]\s*|\s+to\s+/i);
  const opens = from ? to24h(from) : null;
  const closes = to ? to24h(to) : null;
  return opens && closes ? { opens, closes } : null;
}

/** Each weekday's own hours, as the hours box reads them (a closed day has none to list). */
function dayHours(info: Partial<BusinessInfo> | undefined): Record<(typeof WEEKDAYS)[number], string> {
  return dayHoursTexts(info);
}

/** '742 Maple Grove Ave, Waukesha, WI 53186' as a schema.org PostalAddress (the whole text when it has another shape). */
function postalAddress(text: string) {
  const m = /^(.+?),\s*([^,]+),\s*([A-Z]{2})\s+(\d{5}(?:-\d{4})?)$/.exec(text.trim());
  return m
    ? { '@type': 'PostalAddress', streetAddress: m[1], addressLocality: m[2], addressRegion: m[3], postalCode: m[4], addressCountry: 'US' }
    : { '@type': 'PostalAddress', streetAddress: text };
}

/** schema.org CafeOrCoffeeShop for search engines, from the business info the page shows. */
export function cafeStructuredData(info: Partial<BusinessInfo> | undefined, origin: string) {
  const site = siteOf(info);
  const hours = dayHours(info);
  return {
    '@context': 'https://schema.org',
    '@type': 'CafeOrCoffeeShop',
    name: site.name,
    description: site.description,
    url: `${origin}/`,
    telephone: site.phone,
    email: site.email,
    address: postalAddress(site.address),
    ...(site.socials.length ? { sameAs: site.socials.map((s) => s.url) } : {}),
    servesCuisine: 'American',
    openingHoursSpecification: WEEKDAYS.flatMap((day) => {
      const span = openClose(hours[day]);
      return span ? [{ '@type': 'OpeningHoursSpecification', dayOfWeek: `https://schema.org/${DAY_NAMES[day]}`, ...span }] : [];
    }),
  };
}

/**
 * The café's structured data, built here from GET /api/business-info so a change in the dashboard
 * shows at once, in the contact section (below the first paint the server renders). A data block, not a
 * script: the Content-Security-Policy does not apply to it. '<' is escaped so no text can end it.
 */
export function CafeStructuredData() {
  const info = useBusinessInfo().data;
  const json = JSON.stringify(cafeStructuredData(info, window.location.origin)).replace(/</g, '\\u003c');
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}

// The café's business info, read by many features (public site, booking forms, dashboard): the query,
// the café as the public site shows it, and the opening hours every time list offers.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { DEFAULT_EMAIL, DEFAULT_PHONE } from '@cafe/contracts/business';
import { DEFAULT_CAFE, DEFAULT_FACTS, GAME_COUNT_PATH, type BusinessFacts } from '@cafe/contracts/business-facts';
import { DEFAULT_OPENING_HOURS, type OpeningHours } from '@cafe/contracts/opening-hours';
import type { BusinessInfo, PublicBusinessInfo } from '@cafe/contracts';
import { displayPhone } from '@cafe/contracts/phone';
import { getJson } from './api-client';

/** Both readings: the public site uses hoursJson, phone and email; the dashboard's form the rest. */
export const getBusinessInfo = () => getJson<BusinessInfo>('/api/business-info');

export const businessInfoQueryOptions = () => queryOptions({ queryKey: ['/api/business-info'], queryFn: getBusinessInfo });

export const useBusinessInfo = () => useQuery(businessInfoQueryOptions());

export function contactOf(info: Partial<PublicBusinessInfo> | undefined) {
  return { phone: info?.phone || DEFAULT_PHONE, email: info?.email || DEFAULT_EMAIL };
}

export interface SocialLink {
  network: string;
  label: string;
  url: string;
}

/** What the public site shows of the café: the stored business info, the café's defaults (contracts) for a missing value. */
export interface SiteInfo {
  name: string;
  /** The landing page's title: 'Meeple Haven Café · Waukesha, WI'. */
  title: string;
  description: string;
  address: string;
  mapUrl: string;
  /** 'Waukesha, WI' when the address reads as street, city, state ZIP; null otherwise. */
  locality: string | null;
  /** As the site shows it: (XXX) XXX-XXXX for a US number, however it was typed. */
  phone: string;
  email: string;
  website: string | null;
  socials: SocialLink[];
  announcement: string | null;
}

const isLink = (url: string | null | undefined): url is string => !!url && /^https?:\/\/\S+$/i.test(url.trim());
const networkLabel = (network: string) => network.charAt(0).toUpperCase() + network.slice(1);

/** Facebook and Instagram first (their own fields win over the map's entries), then any other network's link. */
function socialsOf(info: Partial<BusinessInfo> | undefined): SocialLink[] {
  // Never saved (or not loaded): the café's own pages.
  if (!info?.updatedAt) {
    return [
      { network: 'facebook', label: 'Facebook', url: DEFAULT_CAFE.facebookUrl },
      { network: 'instagram', label: 'Instagram', url: DEFAULT_CAFE.instagramUrl },
    ];
  }
  const links = new Map<string, string>();
  for (const [name, url] of Object.entries(info.social_media ?? {})) if (isLink(url)) links.set(name.trim().toLowerCase(), url.trim());
  if (isLink(info.facebookUrl)) links.set('facebook', info.facebookUrl.trim());
  if (isLink(info.instagramUrl)) links.set('instagram', info.instagramUrl.trim());
  const order = (n: string) => (n === 'facebook' ? 0 : n === 'instagram' ? 1 : 2);
  return [...links].sort(([a], [b]) => order(a) - order(b)).map(([network, url]) => ({ network, label: networkLabel(network), url }));
}

export function siteOf(info: Partial<BusinessInfo> | undefined): SiteInfo {
  const address = info?.address?.trim() || DEFAULT_CAFE.address;
  const place = /,\s*([^,]+),\s*([A-Z]{2})\s+\d{5}(?:-\d{4})?$/.exec(address);
  const { phone, email } = contactOf(info);
  const name = info?.name?.trim() || DEFAULT_CAFE.name;
  const locality = place ? `${place[1]}, ${place[2]}` : null;
  return {
    name,
    title: locality ? `${name} · ${locality}` : name,
    description: info?.description?.trim() || DEFAULT_CAFE.tagline,
    address,
    mapUrl:
      address === DEFAULT_CAFE.address ? DEFAULT_CAFE.mapUrl : `https://www.openstreetmap.org/search?query=${encodeURIComponent(address)}`,
    locality,
    phone: displayPhone(phone),
    email,
    website: isLink(info?.website) ? info.website.trim() : null,
    socials: socialsOf(info),
    announcement: info?.announcement?.trim() || null,
  };
}

/**
 * What staff tell guests (Business Info: cover, table hold, notes, party sizes, links), as the server
 * answered it; the café's usual words until it has answered. '' is a fact staff cleared: shown as nothing.
 */
export const useBusinessFacts = (): BusinessFacts => useBusinessInfo().data ?? DEFAULT_FACTS;

/**
 * How many games the library holds (GET /api/games/count; the page the gateway serves carries it, so the
 * hero's first paint says it): undefined until known, and the site then names no number.
 */
export const useGameCount = (): number | undefined =>
  useQuery({ queryKey: [GAME_COUNT_PATH], queryFn: () => getJson<{ games: number }>(GAME_COUNT_PATH) }).data?.games;

/** A tel: link to a US number, however it is written. */
export const telHref = (phone: string) => `tel:+1${phone.replace(/\D/g, '').slice(-10)}`;

/** The café as the public site shows it, from GET /api/business-info (the page carries it: src/lib/page-data.ts). */
export const useSiteInfo = () => siteOf(useBusinessInfo().data);

/**
 * The café's opening hours from GET /api/business-info (the defaults until it has answered): every
 * time list (public forms, a guest's change, the staff dialogs) and the week grid offer slotsFor(date,
 * hours), the same function the server's availability and deciders use.
 */
export function useOpeningHours(): OpeningHours {
  return useBusinessInfo().data?.openingHours ?? DEFAULT_OPENING_HOURS;
}

import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DEFAULT_BUSINESS_INFO,
  DEFAULT_FACTS,
  DEFAULT_HOLDING_MINUTES,
  DEFAULT_SEAT_CAPACITY,
  businessInfoOut,
  hoursToLines,
  openingHoursOf,
  readHoursJson,
  type BusinessInfo,
} from '@cafe/contracts';
import type { Runtime } from '../platform/runtime/runtime.js';
import { answerCache } from '../platform/http/answer-cache.js';
import { fromCache } from '../platform/http/openapi.js';
import { BUSINESS_INFO_ID, businessInfoProjection, type BusinessInfoDoc } from './business-info-projection.js';

/** What GET /api/business-info answers (and the save, hours-changes, answers once saved). */
export const readBusinessInfo = async (runtime: Runtime) =>
  toBusinessInfo(await runtime.documents.collection<BusinessInfoDoc>(businessInfoProjection.name).get(BUSINESS_INFO_ID));

/** Anonymous read: contact and hours (defaults for anything not set yet), plus the admin form's fields. */
export const businessInfoPublicRoutes: FastifyPluginAsync = async (base) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { runtime } = app;
  const cached = answerCache();
  app.get('/business-info', { schema: { ...fromCache, response: { 200: businessInfoOut } } }, async (request, reply) =>
    cached(request, reply, 'business-info', await runtime.readModels.versionOf(businessInfoProjection.name), () =>
      readBusinessInfo(runtime),
    ),
  );
};

/** Both readings; hoursJson, phone and email fall back to the defaults, hours to their lines. */
export function toBusinessInfo(doc: BusinessInfoDoc | null): BusinessInfo {
  const hoursJson = doc?.hoursJson || DEFAULT_BUSINESS_INFO.hoursJson;
  return {
    hoursJson,
    phone: doc?.phone || DEFAULT_BUSINESS_INFO.phone,
    email: doc?.email || DEFAULT_BUSINESS_INFO.email,
    name: doc?.name ?? '',
    description: doc?.description ?? '',
    address: doc?.address ?? '',
    website: doc?.website ?? '',
    hours: doc?.hours || hoursToLines(readHoursJson(hoursJson) ?? {}),
    social_media: doc?.socialMedia ?? {},
    facebookUrl: doc?.facebookUrl ?? null,
    instagramUrl: doc?.instagramUrl ?? null,
    announcement: doc?.announcement ?? null,
    seatCapacity: doc?.seatCapacity ?? DEFAULT_SEAT_CAPACITY,
    holdingMinutes: doc?.holdingMinutes ?? DEFAULT_HOLDING_MINUTES,
    openingHours: openingHoursOf({ ...doc, hoursJson }),
    ...factsOf(doc),
    updatedAt: doc?.updatedAt ?? null,
  };
}

/**
 * The guest facts: the stored value, the default where none was ever stored (business info saved before
 * these fields existed reads the café's usual words), '' where staff cleared it. The largest party is
 * bounded by the seat capacity, as the party form offers it.
 */
function factsOf(doc: BusinessInfoDoc | null) {
  const text = (value: string | null | undefined, fallback: string) => (value === undefined ? fallback : (value ?? ''));
  const d = DEFAULT_FACTS;
  return {
    coverCharge: doc?.coverCharge ?? d.coverCharge,
    coverNote: text(doc?.coverNote, d.coverNote),
    lateHoldMinutes: doc?.lateHoldMinutes ?? d.lateHoldMinutes,
    parkingNote: text(doc?.parkingNote, d.parkingNote),
    familyNote: text(doc?.familyNote, d.familyNote),
    partySizeMin: doc?.partySizeMin ?? d.partySizeMin,
    partySizeMax: Math.min(doc?.partySizeMax ?? d.partySizeMax, doc?.seatCapacity ?? DEFAULT_SEAT_CAPACITY),
    gamesTaught: doc?.gamesTaught ?? d.gamesTaught,
    orderOnlineUrl: text(doc?.orderOnlineUrl, d.orderOnlineUrl),
    reviewsUrl: text(doc?.reviewsUrl, d.reviewsUrl),
    gameCollectionUrl: text(doc?.gameCollectionUrl, d.gameCollectionUrl),
  };
}

import { HOURS_CHANGE_CODE, type BusinessInfoSave, type BusinessInfoSaved, type HoursImpact } from '@cafe/contracts';
import { ApiError, sendJson } from '../../../lib/api-client';
import { businessInfoQueryOptions } from '../../../lib/business-info';
import { closedDayQueryKeys } from '../../../lib/refetch-closed-days';
import { useContentMutation } from '../../../lib/use-content-mutation';
import { closureSummary } from '../../../components/closure-preview/closure-impact';

/** Saved (with what became of the bookings of the days it closed or shortened), or held back: these bookings are affected. */
export type SaveAnswer =
  | { saved: BusinessInfoSaved; affected?: undefined; sent?: undefined }
  | { saved?: undefined; affected: HoursImpact; sent: BusinessInfoSave };

/** The 409 a save that closes or shortens days holding bookings answers, else null. */
function affectedOf(error: unknown): HoursImpact | null {
  if (!(error instanceof ApiError) || error.status !== 409) return null;
  try {
    const body = JSON.parse(error.body) as Partial<HoursImpact>;
    return body.code === HOURS_CHANGE_CODE ? (body as HoursImpact) : null;
  } catch {
    return null;
  }
}

/**
 * PUT /api/admin/business-info; the public contact and hours read the same query, so they change at once.
 * A save that would close a holiday or shorten the hours of a day holding bookings comes back with them
 * (409) for staff to keep or cancel, then is sent again with `bookings`.
 */
export async function updateBusinessInfo(body: BusinessInfoSave): Promise<SaveAnswer> {
  try {
    return { saved: await sendJson<BusinessInfoSaved>('PUT', '/api/admin/business-info', body) };
  } catch (error) {
    const affected = affectedOf(error);
    if (affected) return { affected, sent: body };
    throw error;
  }
}

/** Kept bookings on a day closed are flagged in the dashboard; those outside new hours stay as booked. */
const keptText = (answer: SaveAnswer, closing: ReadonlySet<string>) =>
  answer.saved?.bookings?.kept.every((b) => closing.has(b.date)) ? undefined : 'kept as booked';

export const useUpdateBusinessInfo = ({
  onSaved,
  onAffected,
  closing = new Set(),
}: {
  onSaved?: (saved: BusinessInfoSaved) => void;
  onAffected?: (impact: HoursImpact, sent: BusinessInfoSave) => void;
  /** The dates the last preview said the save closes. */
  closing?: ReadonlySet<string>;
} = {}) =>
  useContentMutation<BusinessInfoSave, SaveAnswer>({
    mutationFn: updateBusinessInfo,
    // A holiday closed (or reopened) and its bookings cancelled show everywhere at once.
    invalidates: [businessInfoQueryOptions().queryKey, ...closedDayQueryKeys()],
    // A preview is not a save: the dialog says what it would do.
    success: (answer) => (answer.affected ? null : 'Business information updated successfully'),
    successDescription: (answer) => (answer.saved?.bookings ? closureSummary(answer.saved.bookings, keptText(answer, closing)) : undefined),
    failure: 'Business information not saved',
    onSuccess: (answer) => {
      if (answer.affected) onAffected?.(answer.affected, answer.sent);
      else onSaved?.(answer.saved);
    },
  });

import type { RangeBooking } from '@cafe/contracts';
import type { DocumentStore } from '../platform/document-store/document-store.js';
import { closureItem, closureView, type ClosurePart } from '../platform/runtime/closure-parts.js';
import { cancelSignUp } from './sign-up-commands.js';
import { signUpDecider, signUpStream, type SignUpState } from './sign-up-decider.js';
import { signUpsProjection, type SignUpDoc } from './sign-ups-projection.js';
import { cafeEventsProjection, type CafeEventDoc } from './cafe-events-projection.js';

/** 'Board Game Night sign-up (waitlisted)': the event's title, and where the sign-up stands. */
const labelOf = (title: string, status: string) => `${title} sign-up (${status})`;

function asRangeBooking(
  id: string,
  s: { name: string; email: string; phone: string; places: number; date: string; status: string },
  event: CafeEventDoc | null,
): RangeBooking {
  const { name, email, phone, places, date, status } = s;
  // Version 0: a sign-up is cancelled on its stream as it stands, not at a version the preview read.
  return {
    kind: 'signUp',
    id,
    version: 0,
    name,
    email,
    phone,
    partySize: places,
    date,
    time: event?.time ?? '00:00',
    label: labelOf(event?.title ?? 'Event', status),
  };
}

/** The live sign-ups (confirmed or waitlisted) of every event dated from `from` to `to`, each with its event's title and time. */
async function signUpsInRange(documents: DocumentStore, from: string, to: string): Promise<RangeBooking[]> {
  const docs = await documents
    .collection<SignUpDoc>(signUpsProjection.name)
    .find(
      { date: { $gte: from, $lte: to }, status: { $in: ['confirmed', 'waitlisted'] } },
      { sort: { date: 1, status: 1, signedUpAt: 1, _id: 1 } },
    );
  const events = documents.collection<CafeEventDoc>(cafeEventsProjection.name);
  const titled = new Map<string, CafeEventDoc | null>();
  for (const d of docs) if (!titled.has(d.eventId)) titled.set(d.eventId, await events.get(d.eventId));
  return docs.map((d) => asRangeBooking(d._id, d, titled.get(d.eventId) ?? null));
}

function live(id: string, state: SignUpState, event: CafeEventDoc | null): RangeBooking | null {
  if (state.status !== 'confirmed' && state.status !== 'waitlisted') return null;
  return asRangeBooking(id, { ...state.guest, places: state.places, date: state.ref.date, status: state.status }, event);
}

/**
 * The game nights' part in closing days: the sign-ups on the dates (the preview, and what the closure
 * records), each settled on its own stream and cancelled with the closure as it stands (its places given
 * back, its guest mailed once, nobody promoted).
 */
export const signUpClosure: ClosurePart = {
  onDates: { kinds: ['signUp'], read: signUpsInRange },
  settles: {
    kind: 'signUp',
    read: async (runtime, id, closure, context) => {
      const stream = { streamId: signUpStream(id), ...signUpDecider };
      const view = await closureView(
        runtime,
        context,
        stream,
        (e) => (e.type === 'EventSignUpCancelled' ? e.data.closure : undefined),
        closure,
      );
      const { state } = view;
      const event =
        state.status === 'none' ? null : await runtime.documents.collection<CafeEventDoc>(cafeEventsProjection.name).get(state.ref.eventId);
      return closureItem(view, (s) => live(id, s, event));
    },
    cancel: async (runtime, signUp, closure, context) => {
      await cancelSignUp(runtime, signUp.id, 'staff', context, closure);
    },
  },
};

import { useNavigate } from 'react-router-dom';
import BookingSearch from '../features/booking-search/components/booking-search';
import { bookingAddress, signUpAddress } from '../lib/admin-address';
import { useCafeClock } from '../lib/cafe-clock';

/**
 * The search box, composed with the bookings' addresses: choosing a booking goes to where it opens, an
 * event sign-up to its event's sign-ups on its date.
 */
export default function AdminSearch() {
  const navigate = useNavigate();
  const clock = useCafeClock();
  return (
    <BookingSearch
      onOpen={(hit) =>
        void navigate(
          hit.kind === 'sign-up'
            ? signUpAddress({ id: hit.id, date: hit.date, eventId: hit.event?.id ?? '' })
            : bookingAddress({ ...hit, kind: hit.kind }, clock.data?.today ?? hit.date),
        )
      }
    />
  );
}

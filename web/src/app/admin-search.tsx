import { useNavigate } from 'react-router-dom';
import BookingSearch from '../features/booking-search/components/booking-search';
import { bookingAddress } from '../lib/admin-address';
import { useCafeClock } from '../lib/cafe-clock';

/** The search box, composed with the bookings' addresses: choosing a booking goes to where it opens. */
export default function AdminSearch() {
  const navigate = useNavigate();
  const clock = useCafeClock();
  return <BookingSearch onOpen={(hit) => void navigate(bookingAddress(hit, clock.data?.today ?? hit.date))} />;
}

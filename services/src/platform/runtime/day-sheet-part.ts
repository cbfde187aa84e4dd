import type { ArrivalStatus, DaySheetEvent, GameSummary } from '@cafe/contracts';
import type { DocumentStore } from '../document-store/document-store.js';

/** A live booking of the day as the calendar read model holds it (the fields the sheet prints). */
export interface SheetBooking {
  kind: 'reservation' | 'party';
  id: string;
  time: string;
  partySize: number;
  name: string;
  phone: string;
  status?: string;
  eventType?: string | null;
  specialRequests?: string | null;
  adminNotes?: string | null;
  games?: string[];
  teachUs?: boolean;
  createdAt?: string;
}

/** Whether its guests came (booking_visits), per booking. */
export interface SheetVisit {
  kind: 'reservation' | 'party';
  id: string;
  state: 'live' | 'pending' | 'rejected' | 'cancelled';
  arrival: ArrivalStatus;
  walkIn: boolean;
  /** Staff's table moves, oldest first ('Table: 4 → 7'). */
  tableMoves?: string[];
}

/** A cancelled booking of the day (booking_search keeps the guest's name after a cancellation). */
export type SheetCancelled = Pick<SheetBooking, 'kind' | 'id' | 'time' | 'partySize' | 'name' | 'phone'>;

/**
 * The printed day sheet's sections (GET /api/admin/day-sheet, day-sheet/): each answered by the slice
 * whose read model holds it, registered on its Feature in features.ts. A section nobody answers is empty.
 */
export interface DaySheetPart {
  /** The day's live bookings, in the calendar's order within the day (booking-calendar). */
  bookings?(documents: DocumentStore, date: string): Promise<SheetBooking[]>;
  /** Whether the day's bookings' guests came, and which were cancelled (arrivals). */
  visits?(documents: DocumentStore, date: string): Promise<SheetVisit[]>;
  /** Those of `bookings` still booked on `date`, with the guest's name kept after a cancellation (staff-search). */
  cancelled?(documents: DocumentStore, date: string, bookings: { kind: string; id: string }[]): Promise<SheetCancelled[]>;
  /** The games asked for, by id (game-library). */
  games?(documents: DocumentStore, ids: string[]): Promise<GameSummary[]>;
  /** The events held that day with their door lists (cafe-events). */
  events?(documents: DocumentStore, date: string): Promise<DaySheetEvent[]>;
}

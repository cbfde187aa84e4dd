import { cafeInstant } from '@cafe/contracts';

/**
 * A gateway whose clock starts at this café-local date and time and runs from there (CAFE_TEST_CLOCK):
 * `startServer({ ...cafeClockAt(today, '09:00', zone) })`. Today's times the café's clock has passed are
 * neither offered nor booked, so a file that books today at set times starts the café's day before them
 * instead of depending on the hour the run happens at.
 */
export const cafeClockAt = (date: string, time: string, zone: string) => ({ CAFE_TEST_CLOCK: cafeInstant(date, time, zone).toISOString() });

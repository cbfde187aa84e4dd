/** "about 25 min", or "now" once nothing is ahead. */
export const minutesText = (m: number) => (m <= 0 ? 'now' : `about ${m} min`);

/** "9:41 left" until a "Table ready" hold ends; "Hold over" after. */
export function holdLeftText(until: string, now: number): string {
  const left = Math.max(0, Math.round((Date.parse(until) - now) / 1000));
  if (left === 0) return 'Hold over';
  return `${Math.floor(left / 60)}:${String(left % 60).padStart(2, '0')} left`;
}

/** The guest's page: "You're next" or "You're number 3 in the queue". */
export const placeText = (position: number) => (position === 1 ? "You're next in the queue" : `You're number ${position} in the queue`);

/** What other features use of the business info. */
export { useOpeningHours } from './api/use-opening-hours';

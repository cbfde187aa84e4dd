// The blocked-dates slice's public face: a date's block as a decision loads it (a closure lists a day
// blocked with decideBlock, a change of hours reopens holidays with reopenIn; reopening a day or a range
// is this slice's own command and route), and the list of closed days.
export { blockedDatesFeature } from './blocked-dates-feature.js';
export { decideBlock, loadBlock } from './blocked-date-stream.js';
export { reopenIn } from './blocked-date-commands.js';
export { blockedDatesProjection, type BlockedDateDoc } from './blocked-dates-projection.js';
export { blockedDateNotices } from './blocked-date-notices.js';

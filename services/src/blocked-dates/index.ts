// The blocked-dates slice's public face: the blockedDate-<date> streams' decisions (a closure lists a day
// with decideBlock; reopening a day or a range is this slice's own command), and the list of closed days.
export { blockedDatesFeature } from './blocked-dates-feature.js';
export { blockedDateDecider, type BlockedDateCommand } from './blocked-date-decider.js';
export { decideBlock, loadBlock } from './blocked-date-stream.js';
export { reopenDay } from './blocked-date-commands.js';
export { blockedDatesProjection, type BlockedDateDoc } from './blocked-dates-projection.js';

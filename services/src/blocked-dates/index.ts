// The blocked-dates slice's public face: the blockedDate-<date> streams, the closed-day check every
// booking command makes, and the public list of closed days.
export { blockedDatesFeature } from './blocked-dates-feature.js';
export { blockedDateDecider, type BlockedDateCommand } from './blocked-date-decider.js';
export { blockedDatesProjection, type BlockedDateDoc } from './blocked-dates-projection.js';

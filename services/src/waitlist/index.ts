// The evening waitlist's public face (issue 49): the feature, its mails (sent by notifications), its part of
// `forget`, and its process manager (tests run a pass instead of waiting for its timer).
export { waitlistFeature } from './waitlist-feature.js';
export { waitlistMails } from './waitlist-mails.js';
export { waitlistEraser } from './waitlist-eraser.js';
export { waitlistProcessOf } from './waitlist-process.js';
export { waitlistNotices } from './waitlist-notices.js';
export { waitlistReport } from './waitlist-report.js';

// The cafe-events slice's public face: events staff schedule and the site lists, and their sign-ups.
export { cafeEventsFeature } from './cafe-events-feature.js';
export { eventSeatSource } from './event-seats.js';
export { signUpEraser } from './sign-up-eraser.js';
export { cafeEventsProjection, type CafeEventDoc } from './cafe-events-projection.js';
export { signUpReminders } from './sign-up-reminders.js';
export { signUpMails } from './sign-up-mails.js';
export { cafeEventsDemo } from './cafe-events-demo.js';
export { cafeEventsDaySheet } from './cafe-events-day-sheet.js';
export { signUpClosure } from './sign-up-closure.js';

// The reminders slice's public face: the day-before reminder e-mails.
export { remindersFeature } from './reminders-feature.js';

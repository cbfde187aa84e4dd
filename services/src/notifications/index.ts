// The notifications slice's public face: the booking e-mails and the composer reminders reuse.
export { notificationsFeature, notificationComposer, notificationsOf } from './notifications-feature.js';

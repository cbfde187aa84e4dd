// The notifications slice's public face: the delivery of every slice's mails (tests wait on its reactor).
export { notificationsFeature, notificationsOf } from './notifications-feature.js';

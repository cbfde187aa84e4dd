// The GuestMessenger port (a capability): a short message to a guest by text (a provider's HTTP API) when
// they gave a phone and SMS is set up, else by mail (the mailer: SMTP or DATA_DIR/outbox).
export { guestMessenger, NoWayToReach, type GuestMessage, type GuestMessenger } from './guest-messenger.js';
export { SmsRefused } from './sms-sender.js';

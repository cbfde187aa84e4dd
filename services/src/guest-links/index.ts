// Signed links a guest follows from a mail: a booking's "manage your booking" page and a game night's
// sign-up page, a door-queue party's place (one key, HMAC-SHA256, a purpose each).
export { guestLinks, type GuestLinks } from './guest-link.js';
export { signUpLinks, type SignUpLinks } from './sign-up-link.js';
export { queueLinks } from './queue-link.js';
export { waitlistLinks, type WaitlistLinkKind } from './waitlist-link.js';

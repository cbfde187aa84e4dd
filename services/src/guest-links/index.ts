// Signed links a guest follows from a mail: a booking's "manage your booking" page and a game night's
// sign-up page (one key, HMAC-SHA256, a purpose each).
export { guestLinks, type GuestLinks } from './guest-link.js';
export { signUpLinks, type SignUpLinks } from './sign-up-link.js';

// The guest-privacy slice's public face: erasing a guest's personal data on request.
export { guestPrivacyFeature } from './guest-privacy-feature.js';
export { forgetCommand, forgetUsage } from './forget-ops.js';

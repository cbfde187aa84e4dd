// The admin-access slice's public face: staff e-mails allowed to sign in (the whitelist) and the ops command.
export { adminAccessFeature } from './admin-access-feature.js';
export { isWhitelisted } from './admin-access-commands.js';
export { adminCommand, adminUsage } from './admin-ops.js';

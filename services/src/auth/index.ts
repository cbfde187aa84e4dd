// The auth slice's public face: staff sign-in through OpenID Connect.
export { authFeature } from './auth-feature.js';
export { callbackUrl } from './auth-routes.js';

// The dev-oidc slice's public face: a local OpenID provider for development and tests. The provider
// itself is loaded only when one is started (with-dev-oidc.ts), so it is not exported here.
export { withDevOidc } from './with-dev-oidc.js';

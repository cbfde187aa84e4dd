// The users slice's public face: who signed in, recorded from each sign-in.
export { usersFeature } from './users-feature.js';
export { recordSignIn, usersCollection, usersEraser } from './user-commands.js';

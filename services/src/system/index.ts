// The system slice's public face: read-model status, live rebuilds and the projector's control socket.
export { systemFeature } from './system-feature.js';
export { HEARTBEAT_MS, PROJECTOR_HEARTBEAT_ID, projectorAlive, REBUILD_REQUESTS, requestControl } from './rebuild-control.js';
export { requestOverSocket } from './control-socket.js';
export { projectionRow } from './system-status.js';

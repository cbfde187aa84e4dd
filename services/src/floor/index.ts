// The floor slice's public face: its feature (routes, read models, the placement process) and what its
// events mean on the dashboard's live updates.
export { floorFeature } from './floor-feature.js';
export { floorNotices } from './floor-notices.js';

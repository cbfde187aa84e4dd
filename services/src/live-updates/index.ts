// The live-updates slice's public face: the dashboard's server-sent booking notices.
export { liveUpdatesFeature } from './live-updates-feature.js';

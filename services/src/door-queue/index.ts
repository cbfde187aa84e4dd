// The door-queue slice's public face: its feature (routes, read model, message outbox), what its events
// mean on the dashboard, what forget erases of it, and its read model for the reports.
export { doorQueueFeature } from './door-queue-feature.js';
export { doorQueueNotices } from './door-queue-notices.js';
export { doorQueueEraser } from './door-queue-eraser.js';
export { doorQueueReport } from './door-queue-report.js';

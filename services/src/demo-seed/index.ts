// The demo-seed slice's public face: the demo content, seeded at start (SEED_DEMO) or by `ops seed`.
export { demoSeedFeature } from './demo-seed-feature.js';
export { runSeedCommand } from './seed-command.js';

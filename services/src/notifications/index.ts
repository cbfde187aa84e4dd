// The notifications slice's public face: the delivery of every slice's mails (tests wait on its reactor).
export { notificationsFeature, notificationsOf } from './notifications-feature.js';
// What a restore on the real servers drops with the read models (bin/ops-backup.ts): a position in the old log.
export { REACTOR_CHECKPOINTS } from './notifications-reactor-checkpoint.js';
// One mail's record, batched or on its own stream (operators, and the tests of the slices that mail).
export { mailRecord } from './mail-record.js';
export { mailCommand, mailUsage } from './mail-ops.js';

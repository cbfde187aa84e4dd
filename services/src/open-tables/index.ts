// The open-tables slice's public face: the feature, its mails (sent by notifications) and its part of `forget`.
export { openTablesFeature } from './open-tables-feature.js';
export { openTableMails } from './open-table-mails.js';
export { openTablesEraser } from './open-tables-eraser.js';
export { openTableClosure } from './open-table-closure.js';

// The day-sheet slice's public face: the printed day sheet's one read.
export { daySheetFeature } from './day-sheet-feature.js';

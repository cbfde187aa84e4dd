// The reports slice's public face: the read models behind the dashboard's Reports section, and its routes.
export { reportsFeature } from './reports-feature.js';

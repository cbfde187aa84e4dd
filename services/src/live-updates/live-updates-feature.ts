import type { Feature } from '../platform/runtime/runtime.js';
import { liveUpdatesRoutes, type LiveUpdatesOptions } from './live-updates-routes.js';

/** The staff dashboard's live updates: a server-sent event stream of booking list changes. */
export function liveUpdatesFeature(options: LiveUpdatesOptions = {}): Feature {
  return { name: 'live-updates', routes: (app) => liveUpdatesRoutes(app, options) };
}

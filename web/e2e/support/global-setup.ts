import { buildIfStale } from './server';

/** Builds the web app and the gateway once, before the browser test files start. */
export default function setup(): void {
  buildIfStale();
}

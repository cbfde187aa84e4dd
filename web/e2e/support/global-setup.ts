import { buildWebIfStale } from './server';

/** Builds the web app once, before the browser test files start (two of them run at a time). */
export default function setup(): void {
  buildWebIfStale();
}

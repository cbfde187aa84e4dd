/**
 * Loads a lazy chunk together with the Blueprint CSS the landing page leaves out (forms, dialogs,
 * tabs, toasts…; see vite-plugins/blueprint-css.ts) and the app's overrides of those components.
 * The stylesheet is requested first, so its <link> precedes the chunk's own CSS, as blueprint.css preceded the app's styles when it was loaded whole.
 */
export function withBlueprintCss<T>(load: () => Promise<T>): Promise<T> {
  const css = import('./blueprint-rest');
  return Promise.all([css, load()]).then(([, chunk]) => chunk);
}

/// <reference types="vite/client" />

// The café's zone is not baked into the build: the browser asks the server (GET /api/cafe-clock).

declare module 'virtual:blueprint/icon-names' {
  /** Every Blueprint icon name, read from @blueprintjs/icons at build time (vite-plugins/blueprint-icon-names.ts). */
  const names: readonly string[];
  export default names;
}

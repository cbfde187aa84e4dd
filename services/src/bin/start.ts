import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runGateway } from './gateway.js';
import { buildWeb, webIsStale } from './web-build.js';

/**
 * `npm start`: build the web app (a production bundle, whatever NODE_ENV says) when its build is
 * missing or older than its sources, then run the gateway (with the projections in-process in the
 * embedded mode).
 */
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

if (!process.env.WEB_DIST && webIsStale(root)) {
  console.log('Building the web app (its build is missing or older than its sources)…');
  const status = buildWeb(root);
  if (status !== 0) {
    console.error('The web build failed; see above.');
    process.exit(status);
  }
}

runGateway().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

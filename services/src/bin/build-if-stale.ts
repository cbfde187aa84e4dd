import { join } from 'node:path';
import { REPOSITORY_DIR } from '../platform/package-paths.js';
import { buildWeb, webIsStale } from './web-build.js';
import { buildServer, serverIsStale } from './server-build.js';

/**
 * The first half of `npm start`: builds the web app (a production bundle, whatever NODE_ENV says) and
 * the gateway's bundle when either is missing or older than its sources. The second half runs
 * `node dist/gateway.js`, the process a deployment runs, with nothing in between to pass signals on.
 */
if (!process.env.WEB_DIST && webIsStale(REPOSITORY_DIR)) {
  console.log('Building the web app (its build is missing or older than its sources)…');
  const status = buildWeb(REPOSITORY_DIR);
  if (status !== 0) {
    console.error('The web build failed; see above.');
    process.exit(status);
  }
}
if (serverIsStale()) {
  console.log(`Building the gateway into ${join('services', 'dist')} (missing or older than its sources)…`);
  await buildServer();
}

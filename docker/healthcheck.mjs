// Container HEALTHCHECK: GET /health/live on the app's own port; exit 0 on HTTP 200, else 1.
// No dependencies, because the slim runtime image has no curl or wget.
// Keep the path in step with HEALTH_PATHS.live in libs/contracts/src/apps/app-catalog.ts
// (docker/docker-assets.spec.ts checks it, and runs this script against a test server).
import http from 'node:http';

const LIVE_PATH = '/health/live';
const port = Number(process.env.PORT || 3000);

const request = http.get({ host: '127.0.0.1', port, path: LIVE_PATH, timeout: 3000 }, (response) => {
  response.resume();
  process.exit(response.statusCode === 200 ? 0 : 1);
});
request.on('timeout', () => request.destroy(new Error('timed out')));
request.on('error', () => process.exit(1));

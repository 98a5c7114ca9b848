// `npm run develop`: the API with reload (tsx watch) and Gatsby's dev server, which proxies /api to it.
import { spawn, spawnSync } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '8000';
const devPort = process.env.DEV_PORT ?? '8001';
const env = {
  ...process.env,
  GATSBY_TELEMETRY_DISABLED: '1',
  API_PROXY_URL: `http://127.0.0.1:${apiPort}`,
};

// The blog plugin requires @site/pipeline and @site/contracts from their built dist/.
if (spawnSync('npx', ['tsc', '-b', 'pipeline/tsconfig.json'], { stdio: 'inherit' }).status !== 0) {
  process.exit(1);
}
// The drowsiness tool's face-api files (static/tools/drowsiness/vendor), as the build has them.
if (spawnSync(process.execPath, ['scripts/copy-vendor.mjs'], { stdio: 'inherit' }).status !== 0) {
  process.exit(1);
}

const children = [
  spawn('npx', ['tsx', 'watch', 'server/src/server.ts'], {
    stdio: 'inherit',
    // Pages come from the dev server, so that is the site's own origin (session cookie checks)
    // and where e-mailed links should point.
    env: { PUBLIC_URL: `http://127.0.0.1:${devPort}`, ...env, PORT: apiPort },
  }),
  spawn('npx', ['gatsby', 'develop', '-H', '127.0.0.1', '-p', devPort], {
    stdio: 'inherit',
    env,
  }),
];

let stopping = false;
function stop(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) child.kill('SIGTERM');
  process.exitCode = code;
}
for (const child of children) child.on('exit', (code) => stop(code ?? 0));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(0));

// npm run dev: the API server (embedded PostgreSQL, demo data) on API_PORT and Vite with hot reload,
// proxying the API paths to it (vite.config.ts).
import { spawn } from 'node:child_process';

const apiPort = process.env.API_PORT ?? '8081';
// the dev SMS outbox lets a developer sign in by SMS code without a gateway (loopback callers only)
const env = { SMS_DEV_OUTBOX: 'true', PAYMENT_SIMULATED: 'true', ...process.env, PORT: apiPort, API_PORT: apiPort, STATIC_DIR: '/nonexistent' };
const server = spawn(process.execPath, ['--import', 'tsx', '--watch', 'server/main.ts'], { env, stdio: 'inherit' });
const vite = spawn(process.execPath, ['node_modules/vite/bin/vite.js', '--port', process.env.PORT ?? '5173'], { env, stdio: 'inherit' });
const stop = () => { server.kill('SIGTERM'); vite.kill('SIGTERM'); };
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
server.on('exit', (code) => { vite.kill('SIGTERM'); process.exitCode = code ?? 0; });

/**
 * The built server as the bench runs it (`node dist/server/main.mjs`, as `npm start` does), on a port
 * of its own, with no rate limit; `ready` resolves with the milliseconds until `/healthz` answered.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { SERVER_ENTRY } from '../scripts/build';

export interface BenchServer {
  child: ChildProcess;
  port: number;
  baseURL: string;
  ready: Promise<number>;
  stop(): Promise<void>;
}

export function startServer(
  env: Record<string, string>,
  { cwd, waitSeconds = 30, nodeArgs = [] }: { cwd?: string; waitSeconds?: number; nodeArgs?: string[] } = {},
): BenchServer {
  const port = 3400 + Math.floor(Math.random() * 500);
  const baseURL = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(process.execPath, [...nodeArgs, SERVER_ENTRY], {
    cwd,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SEED_DEMO: '0',
      RATE_LIMIT_PER_MINUTE: '100000000',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const ready = (async () => {
    for (let waited = 0; waited < waitSeconds * 1000; waited += 50) {
      if (child.exitCode !== null) throw new Error(`The server stopped with code ${child.exitCode}.`);
      try {
        if ((await fetch(`${baseURL}/healthz`)).ok) return performance.now() - started;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    child.kill('SIGTERM');
    throw new Error(`The server did not answer /healthz within ${waitSeconds} s.`);
  })();
  const stop = async () => {
    if (child.exitCode !== null) return;
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
  };
  return { child, port, baseURL, ready, stop };
}

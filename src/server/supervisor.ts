/**
 * Several server processes on one port, replaced one at a time (`WEB_PROCESSES` > 1, PostgreSQL only;
 * docs/deploy.md, "Restarts"). The supervisor holds the port (node:cluster hands each connection to a
 * process), so a connection is never refused while processes come and go. SIGHUP reloads: for each
 * process in turn a new one starts from the files on disk (a deploy's new build) and, once it is
 * listening, the old one is told to stop; it stops taking connections and finishes what it has
 * (http/drain.ts). SIGTERM stops them all the same way, then the supervisor. A process that dies
 * unasked is replaced.
 */
import cluster, { type Worker } from 'node:cluster';

interface Log {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
}

/** What a server process is told when it is to stop (main.ts). */
export const STOP_MESSAGE = 'forecourt:stop';

export async function supervise(processes: number, log: Log, beforeReload: () => Promise<void>) {
  const retiring = new Set<Worker>();
  let stopping = false;

  const start = () =>
    new Promise<Worker>((resolve, reject) => {
      const worker = cluster.fork();
      const failed = (code: number | null) =>
        reject(new Error(`A server process exited (${code}) before it listened.`));
      worker.once('exit', failed);
      worker.once('listening', () => {
        worker.off('exit', failed);
        resolve(worker);
      });
    });

  const retire = (worker: Worker) =>
    new Promise<void>((resolve) => {
      retiring.add(worker);
      if (worker.isDead()) return resolve();
      worker.once('exit', () => resolve());
      worker.send(STOP_MESSAGE);
    });

  let current = await Promise.all(Array.from({ length: processes }, start));
  log.info({ pids: current.map((w) => w.process.pid) }, 'server processes started');

  cluster.on('exit', (worker, code, signal) => {
    if (retiring.delete(worker) || stopping) return;
    log.warn({ pid: worker.process.pid, code, signal }, 'a server process died; starting another');
    current = current.filter((w) => w !== worker);
    start().then(
      (fresh) => current.push(fresh),
      (error: Error) => log.warn({ err: error.message }, 'restart failed'),
    );
  });

  let reloading: Promise<void> | undefined;
  const reload = async () => {
    await beforeReload();
    for (const old of [...current]) {
      const fresh = await start();
      current = [...current.filter((w) => w !== old), fresh];
      await retire(old);
      log.info({ stopped: old.process.pid, started: fresh.process.pid }, 'server process replaced');
    }
    log.info({ pids: current.map((w) => w.process.pid) }, 'reload done');
  };
  process.on('SIGHUP', () => {
    reloading = (reloading ?? Promise.resolve()).then(reload, reload).catch((error: Error) => {
      log.warn({ err: error.message }, 'reload failed; the running processes stay');
    });
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, async () => {
      stopping = true;
      await reloading;
      await Promise.all(current.map(retire));
      process.exit(0);
    });
  }
}

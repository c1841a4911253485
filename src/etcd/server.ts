/**
 * A throwaway single-node etcd on loopback, for the recorder and the conformance test (Node only).
 *
 * It listens on 127.0.0.1 only, on two free ports, with its data in a fresh temporary directory
 * (in `/dev/shm` where there is one, so that its fsyncs do not wait for a disk); `stop()` ends it
 * and removes the directory, and so does the exit of this process, however it exits.
 *
 * @module
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The sentence every tool prints when there is no etcd binary. */
export const INSTALL_ETCD =
  'No etcd binary found: install Debian\'s etcd 3.4 (`apt-get install -y etcd-server etcd-client`) or set ETCD_BIN to an etcd 3.4 binary.';

/** The etcd binary to run: `ETCD_BIN`, else `/usr/bin/etcd`, else `etcd` on the PATH; undefined if none. */
export function findEtcdBinary(): string | undefined {
  const candidates = [process.env.ETCD_BIN, '/usr/bin/etcd'].filter((x): x is string => Boolean(x));
  for (const c of candidates) if (existsSync(c)) return c;
  const which = spawnSync('sh', ['-c', 'command -v etcd'], { encoding: 'utf8' });
  const path = which.stdout.trim();
  return which.status === 0 && path ? path : undefined;
}

/** The version line of an etcd binary (`etcd --version`), e.g. `3.4.23`. */
export function etcdVersion(bin: string): string {
  const out = spawnSync(bin, ['--version'], { encoding: 'utf8' }).stdout;
  return /etcd Version: (\S+)/.exec(out)?.[1] ?? 'unknown';
}

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** A running throwaway etcd. */
export interface EtcdServer {
  /** Its client URL, `http://127.0.0.1:PORT`. */
  endpoint: string;
  version: string;
  /** Ends etcd (SIGTERM, then SIGKILL after 3 s) and removes its data directory. Safe to call twice. */
  stop(): Promise<void>;
}

const running = new Set<{ proc: ChildProcess; dir: string }>();
let exitHookSet = false;

function killAllSync(): void {
  for (const r of running) {
    try {
      r.proc.kill('SIGKILL');
    } catch {
      // already gone
    }
    rmSync(r.dir, { recursive: true, force: true });
  }
  running.clear();
}

function setExitHook(): void {
  if (exitHookSet) return;
  exitHookSet = true;
  process.once('exit', killAllSync);
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(sig, () => {
      killAllSync();
      process.exit(128 + (sig === 'SIGINT' ? 2 : sig === 'SIGTERM' ? 15 : 1));
    });
  }
}

/**
 * Starts etcd on 127.0.0.1 and waits until `/health` answers (at most 15 s).
 * @throws Error with {@link INSTALL_ETCD} if there is no binary, or with etcd's output if it does not start.
 */
export async function startEtcd(bin = findEtcdBinary()): Promise<EtcdServer> {
  if (!bin) throw new Error(INSTALL_ETCD);
  const base = existsSync('/dev/shm') ? '/dev/shm' : tmpdir();
  const dir = mkdtempSync(join(base, 'fencing-lab-etcd-'));
  const [client, peer] = [await freePort(), await freePort()];
  const endpoint = `http://127.0.0.1:${client}`;
  const peerUrl = `http://127.0.0.1:${peer}`;
  const args = [
    '--name', 'fencing-lab',
    '--data-dir', dir,
    '--listen-client-urls', endpoint,
    '--advertise-client-urls', endpoint,
    '--listen-peer-urls', peerUrl,
    '--initial-advertise-peer-urls', peerUrl,
    '--initial-cluster', `fencing-lab=${peerUrl}`,
    '--initial-cluster-state', 'new',
    '--logger', 'zap',
    '--log-level', 'error',
  ];
  setExitHook();
  const proc = spawn(bin, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  const entry = { proc, dir };
  running.add(entry);
  let stderr = '';
  proc.stderr?.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-4000);
  });
  let exited = false;
  const exitedP = new Promise<void>((resolve) => proc.once('exit', () => ((exited = true), resolve())));
  const stop = async (): Promise<void> => {
    if (!running.has(entry)) return;
    running.delete(entry);
    if (!exited) {
      proc.kill('SIGTERM');
      const timer = setTimeout(() => proc.kill('SIGKILL'), 3000);
      await exitedP;
      clearTimeout(timer);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (exited) {
      await stop();
      throw new Error(`etcd exited before it was healthy:\n${stderr}`);
    }
    try {
      const r = await fetch(`${endpoint}/health`);
      const body = (await r.json()) as { health?: string };
      if (body.health === 'true') break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`etcd did not become healthy within 15 s:\n${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { endpoint, version: etcdVersion(bin), stop };
}

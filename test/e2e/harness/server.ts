import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (test/e2e/harness → ../../..). */
export const REPO_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '..', '..', '..');

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  /** What the binary printed, for failure messages. */
  output: () => string;
  stop: () => Promise<void>;
}

/** The binary under test: INTERNO_BIN, or bin/interno from `make build`. */
export function binaryPath(): string {
  const configured = process.env.INTERNO_BIN ?? 'bin/interno';
  return isAbsolute(configured) ? configured : join(REPO_ROOT, configured);
}

export async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => done(port));
    });
  });
}

async function waitForHealth(baseUrl: string, child: ChildProcess, output: () => string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`interno exited with ${child.exitCode} before it was healthy:\n${output()}`);
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`interno was not healthy after ${timeoutMs} ms:\n${output()}`);
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

/**
 * Starts `interno serve` on a free loopback port with a fresh data directory and extra env,
 * waits for /api/health, and returns how to reach and stop it.
 */
export async function startInterno(env: Record<string, string> = {}): Promise<RunningServer> {
  const binary = binaryPath();
  if (!existsSync(binary)) {
    throw new Error(`No interno binary at ${binary}: run \`make build\` first or set INTERNO_BIN.`);
  }
  // The port is free when probed, and another file's server (two run at once) may take it before
  // this one binds: then the server exits saying so, and it starts again on another port.
  for (let attempt = 1; ; attempt++) {
    const started = await startOnce(binary, env);
    if ('server' in started) return started.server;
    if (!started.portTaken || attempt === 3) throw started.error;
  }
}

async function startOnce(
  binary: string,
  env: Record<string, string>,
): Promise<{ server: RunningServer } | { error: Error; portTaken: boolean }> {
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'interno-e2e-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  let log = '';
  const child = spawn(binary, ['serve'], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: process.env.HOME ?? tmpdir(),
      INTERNO_ADDR: `127.0.0.1:${port}`,
      INTERNO_DATA_DIR: dataDir,
      INTERNO_BASE_URL: baseUrl,
      INTERNO_LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer): void => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const output = (): string => log;
  try {
    // A ceiling for a server that will never answer; a busy machine needs more than a quiet one.
    await waitForHealth(baseUrl, child, output, 60_000);
  } catch (error) {
    const exited = child.exitCode !== null;
    await stopProcess(child);
    await rm(dataDir, { recursive: true, force: true });
    return { error: error as Error, portTaken: exited && /address already in use/i.test(output()) };
  }
  return {
    server: {
      baseUrl,
      dataDir,
      output,
      stop: async () => {
        await stopProcess(child);
        await rm(dataDir, { recursive: true, force: true });
      },
    },
  };
}

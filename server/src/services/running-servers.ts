import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Every running server leaves a small file in DATA_DIR/run/ naming its host and process, and
 * removes it when it stops. Commands that must not run beside a server (restore) read them: a
 * file whose process is gone (on this host) is left over from a crash and is ignored.
 */
export interface RunningServer {
  host: string;
  pid: number;
  port: number;
  started_at: string;
  file: string;
}

function runDir(dataDir: string): string {
  return path.join(dataDir, 'run');
}

/** Records this process as a server using `dataDir`; returns what removes the record. */
export function markRunning(dataDir: string, port: number): () => void {
  const dir = runDir(dataDir);
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `server-${os.hostname()}-${process.pid}.json`);
  const temp = `${file}.${crypto.randomBytes(4).toString('hex')}.tmp`;
  fs.writeFileSync(
    temp,
    JSON.stringify({
      host: os.hostname(),
      pid: process.pid,
      port,
      started_at: new Date().toISOString(),
    }),
  );
  fs.renameSync(temp, file);
  return () => fs.rmSync(file, { force: true });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Servers that use `dataDir` now: those on this host whose process is alive, and any recorded
 * by another host (which cannot be checked from here).
 */
export function runningServers(dataDir: string): RunningServer[] {
  let names: string[];
  try {
    names = fs.readdirSync(runDir(dataDir));
  } catch {
    return [];
  }
  const found: RunningServer[] = [];
  for (const name of names) {
    if (!/^server-.+\.json$/.test(name)) continue;
    const file = path.join(runDir(dataDir), name);
    let record: Omit<RunningServer, 'file'>;
    try {
      record = JSON.parse(fs.readFileSync(file, 'utf8')) as Omit<RunningServer, 'file'>;
    } catch {
      continue;
    }
    if (record.host === os.hostname() && !alive(record.pid)) continue;
    found.push({ ...record, file });
  }
  return found;
}

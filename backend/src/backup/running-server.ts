import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The file a server on the embedded database writes into DATA_DIR while it runs (mode 0600): where
 * it answers, and the token with which `npm run backup` may ask it for a backup. Only that process
 * may open the data directory, so the commands find out here whether one does.
 */
export const SERVER_FILE = 'server.json';

export interface RunningServer {
  pid: number;
  url: string;
  token: string;
}

/** The server running on DATA_DIR's embedded database, or null when none is (no file, or its process has ended). */
export function runningServer(dataDir: string): RunningServer | null {
  let server: RunningServer;
  try {
    server = JSON.parse(readFileSync(join(dataDir, SERVER_FILE), 'utf8')) as RunningServer;
  } catch {
    return null;
  }
  try {
    process.kill(server.pid, 0);
    return server;
  } catch (error) {
    // EPERM: a process of another user has that pid, so it is alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? server : null;
  }
}

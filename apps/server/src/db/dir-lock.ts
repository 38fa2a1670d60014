import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';

/**
 * Another process has the embedded database open. PGlite does not lock its data directory itself,
 * and two processes writing one directory corrupt it (a second `npm start`, or `npm run
 * ledger:check` while the server runs): the second is refused with this, naming the first.
 */
export class DataDirInUseError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
    readonly lockFile: string,
  ) {
    super(
      `the embedded database in ${dir} is open in another process (pid ${pid}): stop that one first ` +
        `(if no process ${pid} runs, delete ${lockFile})`,
    );
  }
}

/** Whether a process with this id runs (one we may not signal runs too). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes `dir`'s lock for this process: a file beside it holding this process's id, created only if
 * absent (`wx`, atomic). A lock whose process is gone (killed, crashed) is stale and taken over.
 * Returns the release, which removes the file; a process that dies without it leaves a stale lock.
 */
export function lockDataDir(dir: string): () => void {
  const lockFile = `${dir}.lock`;
  for (let attempt = 0; ; attempt++) {
    try {
      const fd = openSync(lockFile, 'wx', 0o600);
      writeSync(fd, `${process.pid}\n`);
      closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        try {
          unlinkSync(lockFile);
        } catch {
          // Already gone: nothing to release.
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt > 0) throw error;
    }
    const holder = Number.parseInt(readFileSync(lockFile, 'utf8'), 10);
    // This process too: the same directory opened twice here is two writers as well.
    if (Number.isInteger(holder) && running(holder)) throw new DataDirInUseError(dir, holder, lockFile);
    unlinkSync(lockFile);
  }
}

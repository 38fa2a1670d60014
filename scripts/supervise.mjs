import { spawn } from 'node:child_process';

/**
 * The exit code of a platform process that a restart mends (apps/server/src/platform/restart.ts,
 * EX_TEMPFAIL): it lost an engine role's lock (PostgreSQL restarted, decision 0148), or PostgreSQL
 * could not be reached at its start.
 */
export const RESTART_EXIT_CODE = 75;

/**
 * Runs `node ...args` and starts it again each time it ends with RESTART_EXIT_CODE, after a pause
 * that doubles from `pauseMs` up to `maxPauseMs` while the restarts keep failing (and starts over
 * once a process has run `steadyMs`). Any other end is passed on: a refused setting or a crash is
 * the operator's to read, not to loop on. `stop` (npm start calls it on SIGINT and SIGTERM) passes
 * the signal to the process, which shuts down as it always does (decision 0138), and nothing is
 * restarted after it.
 *
 * Why a supervisor and not the engines taking their role again in the same process: 0148 ends an
 * owner that lost its lock, because only a fresh process is sure to hold no stale book, no queued
 * write and no timer of the old ownership; the split roles rely on their supervisor (systemd,
 * an orchestrator) for the restart, and this is that supervisor for `npm start`'s one process.
 *
 * `restartKilled` also restarts a process ended by SIGKILL (as systemd's `Restart=on-failure` and
 * compose's `restart: unless-stopped` do): `npm run cluster` brings a killed engine back as the
 * standby (decision 0161). Never for `npm start`, where Ctrl-C must end it.
 */
export function supervise({
  args,
  env = process.env,
  stdio = 'inherit',
  pauseMs = 1000,
  maxPauseMs = 10_000,
  steadyMs = 30_000,
  log = (line) => process.stderr.write(`${line}\n`),
  restartKilled = false,
  onStart = () => {},
}) {
  let child;
  let starts = 0;
  let stopping = false;
  let pause = pauseMs;
  let waiting;
  let finish;
  const exited = new Promise((resolve) => {
    finish = resolve;
  });
  const run = () => {
    waiting = undefined;
    const started = Date.now();
    child = spawn(process.execPath, args, { stdio, env });
    starts++;
    onStart(child);
    child.on('exit', (code, signal) => {
      const killed = restartKilled && signal === 'SIGKILL';
      if (stopping || (code !== RESTART_EXIT_CODE && !killed)) return finish(code ?? (signal ? 1 : 0));
      if (Date.now() - started >= steadyMs) pause = pauseMs;
      const why = killed ? 'was killed' : `ended for a restart (exit ${code})`;
      log(`the platform ${why}: starting it again in ${pause} ms`);
      waiting = setTimeout(run, pause);
      pause = Math.min(pause * 2, maxPauseMs);
    });
  };
  run();
  return {
    /** The exit code of the last process, once nothing is restarted any more. */
    exited,
    /** The running process (the latest started), e.g. to read its id. */
    get child() {
      return child;
    },
    /** How many processes were started, the first included. */
    get starts() {
      return starts;
    },
    /** Passes `signal` to the process (it shuts down, decision 0138), and restarts nothing after. */
    stop(signal = 'SIGTERM') {
      stopping = true;
      if (!waiting) return void child.kill(signal);
      clearTimeout(waiting);
      finish(0);
    },
  };
}

/**
 * The exit code of a process that ended for a reason a restart mends (EX_TEMPFAIL): it lost an
 * engine role's lock or fence (decision 0148), or the database could not be reached at its start.
 * `npm start` (scripts/supervise.mjs) starts the platform again on it, after a pause, and so should
 * any supervisor of the split roles (systemd `Restart=on-failure`, an orchestrator's restart
 * policy); any other non-zero code (a refused setting, an edited migration) is the operator's to mend.
 */
export const RESTART_EXIT_CODE = 75;

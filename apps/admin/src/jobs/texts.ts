/** The back office's texts of the durable jobs (read by its pages; the shell's own are in `src/texts.ts`). */
export const jobsTexts = {
  jobs: {
    /** Its entry in the navigation. */
    nav: 'Jobs',
    title: 'Jobs',
    subtitle:
      'Scheduled and one-off work the worker processes run once across instances: when each runs next, how its last run went, and recent failures.',
    jobsTitle: 'Jobs',
    jobsHint:
      'Recurring jobs and one-off jobs still to run first. Times are the platform clock’s, in your time zone.',
    runsTitle: 'Recent runs',
    runsHint: 'The latest 50 attempts, newest first.',
    failuresTitle: 'Recent failures',
    failuresHint: 'The latest 50 failed attempts: each is retried later, with a longer wait each time.',
    oneOff: 'once',
    every: (ms: number) => {
      const minutes = Math.round(ms / 60_000);
      if (minutes < 1) return `every ${Math.round(ms / 1000)} s`;
      if (minutes < 60) return `every ${minutes} min`;
      const hours = minutes / 60;
      return Number.isInteger(hours) ? `every ${hours} h` : `every ${minutes} min`;
    },
    attempts: (attempts: number, max: number | null) =>
      max === null ? String(attempts) : `${attempts} / ${max}`,
    status: { scheduled: 'Scheduled', running: 'Running', done: 'Done', failed: 'Failed' } as Record<
      string,
      string
    >,
    result: { ok: 'OK', failed: 'Failed' } as Record<string, string>,
    claimedBy: (who: string, until: string) => `Claimed by ${who} until ${until}`,
    columns: {
      name: 'Job',
      schedule: 'Schedule',
      status: 'Status',
      next: 'Next run',
      attempts: 'Attempts',
      lastRun: 'Last run',
      lastResult: 'Result',
      lastError: 'Last error',
      started: 'Started',
      finished: 'Finished',
      attempt: 'Attempt',
      runner: 'Runner',
      error: 'Error',
    },
    empty: 'No jobs yet.',
    noRuns: 'No runs yet.',
    noFailures: 'No failures.',
  },
} as const;

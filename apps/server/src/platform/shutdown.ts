/** One stage of a shutdown, named so a cut-off one can be told in the log. */
export interface ShutdownStep {
  name: string;
  run: () => unknown;
}

interface ShutdownLog {
  info(detail: object, message: string): void;
  error(detail: object, message: string): void;
}

/**
 * The process's shutdown (SIGTERM, SIGINT): begun once. From its first moment `draining` is true, so
 * `/readyz` answers 503 and a load balancer sends nothing new while what is running finishes. The
 * steps run in order within one limit; a step that fails or is still running at the limit makes
 * the exit code 1 (an orchestrator should know work was cut off), and its name is logged.
 */
export class Shutdown {
  #begun = false;

  get draining(): boolean {
    return this.#begun;
  }

  /** Runs the steps; resolves with the exit code: 0 when every step finished, else 1. Once only. */
  async run(steps: ShutdownStep[], limitMs: number, log: ShutdownLog): Promise<0 | 1> {
    if (this.#begun) return 1;
    this.#begun = true;
    let timer: NodeJS.Timeout | undefined;
    const limit = new Promise<'limit'>((resolve) => {
      timer = setTimeout(() => resolve('limit'), limitMs);
      timer.unref();
    });
    let code: 0 | 1 = 0;
    try {
      for (const [i, step] of steps.entries()) {
        const outcome = await Promise.race([
          Promise.resolve()
            .then(step.run)
            .then(
              () => 'done' as const,
              (error: unknown) => error,
            ),
          limit,
        ]);
        if (outcome === 'limit') {
          const left = steps.slice(i + 1).map((s) => s.name);
          log.error(
            { step: step.name, left },
            `shutdown took over ${limitMs} ms in '${step.name}': exiting without finishing it`,
          );
          return 1;
        }
        if (outcome !== 'done') {
          // The steps after it still run: a failed stop of the background work must not leave the database open.
          log.error({ step: step.name, err: outcome }, `shutdown step '${step.name}' failed`);
          code = 1;
        }
      }
      return code;
    } finally {
      clearTimeout(timer);
    }
  }
}

/**
 * Latest-wins throttle: `push` keeps the newest value and hands it to `emit` at most once every
 * `ms` (the first at once, later ones at the end of the window). `cancel` drops what is pending.
 */
export function createThrottle<T>(
  emit: (value: T) => void,
  ms: number,
  clock: {
    now: () => number;
    setTimeout: (fn: () => void, ms: number) => unknown;
    clearTimeout: (id: unknown) => void;
  } = {
    now: () => Date.now(),
    setTimeout: (fn, wait) => setTimeout(fn, wait),
    clearTimeout: (id) => clearTimeout(id as ReturnType<typeof setTimeout>),
  },
) {
  let last = Number.NEGATIVE_INFINITY;
  let timer: unknown = null;
  let pending: { value: T } | null = null;
  const flush = () => {
    timer = null;
    if (!pending) return;
    const { value } = pending;
    pending = null;
    last = clock.now();
    emit(value);
  };
  return {
    push(value: T) {
      pending = { value };
      if (timer !== null) return;
      const wait = last + ms - clock.now();
      if (wait <= 0) flush();
      else timer = clock.setTimeout(flush, wait);
    },
    cancel() {
      if (timer !== null) clock.clearTimeout(timer);
      timer = null;
      pending = null;
    },
  };
}

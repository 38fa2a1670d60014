/** What the server process and the load generator of the socket fan-out benchmark tell each other. */
export type ToClients = { type: 'published'; ticks: number };

export type FromClients =
  | { type: 'ready'; subscribed: number; failed: number; connectMs: number }
  | {
      type: 'result';
      /** Connections still open when the last message was awaited. */
      open: number;
      delivered: number;
      lastReceivedAt: number;
      /** Latency histogram as [ms, count]. */
      latencies: [number, number][];
      /** CPU time of the load generator from `ready` to the last frame, against wall time. */
      cpuMs: number;
      wallMs: number;
    };

interface ImportMetaEnv {
  /** API origin; empty means same origin (one server serves the app and the API). */
  readonly VITE_API_BASE?: string;
  /** Socket address; empty means `/ws` on the page's host (`wss:` under https). */
  readonly VITE_WS_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** One tier of a language's strings (src/i18n/tiers.ts, cut by the `locale-tiers` plugin). */
declare module '*.json?tier=first' {
  const strings: Record<string, unknown>;
  export default strings;
}

interface ImportMetaEnv {
  /** API origin; empty means same origin (one server serves the app and the API). */
  readonly VITE_API_BASE?: string;
  /** Socket address; empty means `/ws` on the page's host (`wss:` under https). */
  readonly VITE_WS_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

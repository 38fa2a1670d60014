interface ImportMetaEnv {
  /** API origin; empty means same origin (one server serves the app and the API). */
  readonly VITE_API_BASE?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

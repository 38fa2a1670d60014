import { startServer } from './serve.ts';

/** `node apps/server/dist/main.js`, `npm run serve`, `npm run dev`: the platform, its apps already built. */
await startServer();

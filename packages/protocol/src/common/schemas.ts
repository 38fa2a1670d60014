import { z } from 'zod';
import { LANGUAGES } from '../languages.ts';

/** Public settings the app reads at start (`/api/common/getsetting`). */
export const publicSettings = z.object({
  appName: z.string(),
  version: z.string(),
  languages: z.array(z.enum(LANGUAGES)),
  registration: z.object({ email: z.boolean(), mobile: z.boolean() }),
  codeResendSeconds: z.number().int(),
  codeLength: z.number().int(),
  passwordMinLength: z.number().int(),
  supportedChains: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type PublicSettings = z.infer<typeof publicSettings>;

import { z } from 'zod';

/** What an upload answers: the id an area's form then references. */
export const uploadCreated = z.object({ id: z.string().uuid() });
export type UploadCreated = z.infer<typeof uploadCreated>;

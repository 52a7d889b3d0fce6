/** The API's account shapes, shared by the server (answers) and the web app (parses). */
import { z } from 'zod';
import { lazySchema } from './lazy.ts';

/** GET /api/me: the signed-in player's user row. */
export const meResponseSchema = lazySchema(() => z.object({
  id: z.string(),
  email: z.string(),
  username: z.string(),
  avatarUrl: z.string().nullable(),
  bannerUrl: z.string().nullable(),
  /** ISO 8601, or null before the first sign-in is recorded. */
  lastLogin: z.string().nullable(),
  isOnline: z.boolean(),
  /** ISO 8601. */
  lastSeen: z.string().nullable(),
}));
export type Me = z.infer<typeof meResponseSchema>;

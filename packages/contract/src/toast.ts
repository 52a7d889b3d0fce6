/** The one toast shape the server sends to the browser: in answers, and in pushes that announce something. */
import { z } from 'zod';
import { lazySchema } from './lazy.ts';

export const TOAST_VARIANTS = ['success', 'info', 'error'] as const;

/** `{ title, description, variant }`: the spec's title ('Not Enough Mana'), its text, and how it looks. */
export const toastSchema = lazySchema(() =>
  z.strictObject({
    title: z.string(),
    description: z.string(),
    variant: z.enum(TOAST_VARIANTS),
  }),
);
export type Toast = z.infer<typeof toastSchema>;

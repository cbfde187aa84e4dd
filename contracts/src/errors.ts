import { z } from 'zod';

/** Every error the gateway answers has this shape. */
export const errorBodySchema = z.object({
  message: z.string(),
  /** A refusal the client acts on, e.g. 'fully-booked' (staff may book anyway). */
  code: z.string().optional(),
  issues: z.array(z.object({ path: z.array(z.union([z.string(), z.number()])), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

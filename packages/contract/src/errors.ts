import { z } from 'zod';

/**
 * Error body of every refused call (spec part 1 §8): the web shows `error_description`, else `message`,
 * `messagedetail` follows a 404's message, `exceptionmessage` titles a 500.
 */
export const errorBody = z.object({
  message: z.string(),
  messagedetail: z.string().optional(),
  exceptionmessage: z.string().optional(),
  error: z.string().optional(),
  error_description: z.string().optional(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
// One component of the API document (decision 0055).
z.globalRegistry.add(errorBody, { id: 'Error' });
export type ErrorBody = z.infer<typeof errorBody>;

/** The OAuth-style refusal of POST /token. */
export const tokenError = z.object({ error: z.string(), error_description: z.string() });
export type TokenError = z.infer<typeof tokenError>;

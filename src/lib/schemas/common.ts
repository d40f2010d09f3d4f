import { z } from 'zod';

/** The API's error shape, for every 4xx and 5xx answer. */
export const ErrorResponse = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
});

export const MessageResponse = z.object({ message: z.string() });

import { z } from 'zod';

/** `GET /v1/health`: the process is up. */
export const HealthSchema = z.object({ status: z.literal('ok'), version: z.string() });
export type Health = z.infer<typeof HealthSchema>;

/** `GET /v1/health/ready` 200: the database answers. */
export const ReadySchema = z.object({ status: z.literal('ok'), database: z.literal('ok') });
export type Ready = z.infer<typeof ReadySchema>;

/** `GET /v1/health/ready` 503: the database does not answer. */
export const NotReadySchema = z.object({
  status: z.literal('unavailable'),
  database: z.literal('unreachable'),
});
export type NotReady = z.infer<typeof NotReadySchema>;

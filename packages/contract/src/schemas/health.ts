import { z } from 'zod';

/** `GET /v1/health`: the process is up. */
export const HealthSchema = z.object({
  status: z.literal('ok').describe('Always ok: the process answers'),
  version: z.string().describe('Version of the running API'),
});
export type Health = z.infer<typeof HealthSchema>;

/** `GET /v1/health/ready` 200: the database answers. */
export const ReadySchema = z.object({
  status: z.literal('ok').describe('ok: ready for requests'),
  database: z.literal('ok').describe('ok: PostgreSQL answered'),
});
export type Ready = z.infer<typeof ReadySchema>;

/** `GET /v1/health/ready` 503: the database does not answer. */
export const NotReadySchema = z.object({
  status: z.literal('unavailable').describe('unavailable: take this instance out of rotation'),
  database: z.literal('unreachable').describe('unreachable: PostgreSQL did not answer'),
});
export type NotReady = z.infer<typeof NotReadySchema>;

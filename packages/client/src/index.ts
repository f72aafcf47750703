export { createEmissorClient } from './client.js';

export type {
  EmissorClient,
  EmissorClientOptions,
  EmissorRoutes,
  UploadCertificateArgs,
} from './client.js';
export type { FetchLike } from './fetcher.js';

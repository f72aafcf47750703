import { readFileSync } from 'node:fs';

/** The API package's version, reported by /v1/health. */
export const version: string = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;

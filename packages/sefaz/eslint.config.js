import config from '@emissor/eslint-config/pure';

/*
 * Messages, parsing, classification and endpoints are pure. The transport is the package's only
 * I/O module: it opens HTTPS connections and reads the vendored trust set.
 */
export default [
  ...config,
  {
    files: ['src/transport/**/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
];

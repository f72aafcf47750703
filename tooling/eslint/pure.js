import base from './base.js';

/**
 * For the pure libraries (nfe-xml, signer): no I/O, no environment, no clock or randomness they
 * are not handed. Tests are exempt because they read fixtures from disk.
 */
export default [
  ...base,
  {
    files: ['src/**/*.ts'],
    ignores: ['src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            'fs',
            'node:fs',
            'fs/promises',
            'node:fs/promises',
            'net',
            'node:net',
            'http',
            'node:http',
            'pg',
            'express',
          ].map((name) => ({
            name,
            message: 'Pure libraries do no I/O: take the bytes as arguments.',
          })),
        },
      ],
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Pure libraries take configuration as arguments.',
        },
        { object: 'Date', property: 'now', message: 'Take the instant as an argument.' },
        { object: 'Math', property: 'random', message: 'Take randomness as an argument.' },
      ],
    },
  },
];

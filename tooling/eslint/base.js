import tseslint from 'typescript-eslint';

/** Shared rules for every package: type-aware, strict about promises and imports. */
export default tseslint.config(
  // Benchmarks are plain Node scripts run against dist/, outside every TypeScript project.
  {
    ignores: [
      'dist/**',
      '.cache/**',
      'coverage/**',
      'bench/**',
      'bin/**',
      'scripts/**',
      '*.config.*',
    ],
  },
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      // tsconfig.json leaves tests out of the build; the type-check project includes them. ESLint
      // runs from the package folder (turbo sets the cwd), so that is where the project file is.
      parserOptions: { project: './tsconfig.check.json', tsconfigRootDir: process.cwd() },
    },
    linterOptions: { reportUnusedDisableDirectives: true },
    rules: {
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'separate-type-imports' },
      ],
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
    },
  },
  {
    // Tests may poke at loosely typed JSON bodies.
    files: ['**/*.test.ts', 'test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
);

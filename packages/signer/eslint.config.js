import config from '@emissor/eslint-config/pure';

export default [
  // The benchmark is plain Node run against dist/, outside every TypeScript project.
  { ignores: ['bench/**'] },
  ...config,
  {
    // tsconfig.json leaves tests out of the build; lint them with the type-check project, which includes them.
    languageOptions: {
      parserOptions: { projectService: false, project: './tsconfig.check.json', tsconfigRootDir: import.meta.dirname },
    },
  },
];

// Two projects: unit specs next to the code (the dashboard's plain-TypeScript ones too), and API end-to-end specs against the whole app.
const transform = { '^.+\\.(t|j)s$': ['@swc/jest'] };
// linkedom's CommonJS build requires css-select and friends, which ship only as ES modules;
// jest's own module loader cannot require those (on any Node.js: it is not Node's require), so swc compiles them like the project's own files.
const transformIgnorePatterns = [
  '/node_modules/(?!(css-select|css-what|nth-check|boolbase|domutils|domhandler|domelementtype|dom-serializer|entities|htmlparser2)/)',
];
module.exports = {
  projects: [
    {
      displayName: 'unit',
      rootDir: '.',
      testMatch: [
        '<rootDir>/backend/src/**/*.spec.ts',
        '<rootDir>/packages/shared/src/**/*.spec.ts',
        '<rootDir>/admin/src/**/*.spec.ts',
        '<rootDir>/scripts/**/*.spec.cjs',
      ],
      transform,
      transformIgnorePatterns,
      testEnvironment: 'node',
    },
    {
      displayName: 'e2e',
      rootDir: '.',
      testMatch: ['<rootDir>/test/e2e/**/*.e2e-spec.ts'],
      transform,
      transformIgnorePatterns,
      // Each file starts the whole app on a fresh database; PGlite start-up takes a few seconds.
      setupFilesAfterEnv: ['<rootDir>/test/support/e2e-setup.ts'],
      testEnvironment: 'node',
    },
  ],
};

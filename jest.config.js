// Two projects: unit specs next to the code, and API end-to-end specs against the whole app.
const transform = { '^.+\\.(t|j)s$': ['@swc/jest'] };
module.exports = {
  projects: [
    {
      displayName: 'unit',
      rootDir: '.',
      testMatch: ['<rootDir>/backend/src/**/*.spec.ts'],
      transform,
      testEnvironment: 'node',
    },
    {
      displayName: 'e2e',
      rootDir: '.',
      testMatch: ['<rootDir>/test/e2e/**/*.e2e-spec.ts'],
      transform,
      // Each file starts the whole app on a fresh database; PGlite start-up takes a few seconds.
      setupFilesAfterEnv: ['<rootDir>/test/support/e2e-setup.ts'],
      testEnvironment: 'node',
    },
  ],
};

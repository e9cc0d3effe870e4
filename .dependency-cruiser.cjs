/**
 * Dependency rules checked by `npm run lint` (dependency-cruiser): no cycle between files, and no
 * cycle between the folders of backend/src, so each feature's module depends on others one way.
 * Type-only imports count: a folder that names another's types depends on it.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A file reaches itself through its imports: move what both need into a third file.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-folder-cycle',
      severity: 'error',
      scope: 'folder',
      comment:
        'Two folders of backend/src import each other (directly or through others): one of them should own what both need, or reach the other through a port it declares (see docs/architecture.md).',
      from: { path: '^backend/src/' },
      to: { path: '^backend/src/', circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Unit specs may reach across folders (madge still checks them for file cycles).
    exclude: { path: ['(^|/)(node_modules|dist)/', '\\.spec\\.ts$'] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    combinedDependencies: false,
  },
};

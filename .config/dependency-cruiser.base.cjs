/**
 * What both services' dependency rules share (each service's `.dependency-cruiser.cjs` extends this
 * and adds the layers of its own folders): how sources are resolved, and the rules that hold for
 * any service built on a routes package.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'only-handlers-imports-routes',
      comment:
        'routes/ holds one folder per operation; only the operation registry (handlers.ts) wires ' +
        'them in. Code two operations share belongs in a folder of its own under src/.',
      severity: 'error',
      from: { path: '^src/', pathNot: '^src/handlers[.]ts$' },
      to: { path: '^src/routes/' },
    },
    {
      name: 'no-circular',
      comment: 'A cycle makes two modules one: neither can be understood, tested or moved alone.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    // Packages (npm and workspace) are checked on their own; here only what src/ imports of them.
    doNotFollow: { path: ['node_modules', '^[.][.]/'] },
    exclude: { path: '[.]test[.]ts$|^src/generated/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.d.ts', '.js'],
    },
  },
}

/**
 * The layering of ARCHITECTURE.md, checked by `pnpm lint`: a request goes down and never back up,
 * http edge -> routes -> use-cases, domain and subsystem folders -> repositories -> database.
 * Test files and `testing/` are support code and may reach anything.
 */
/** The http edge: the app, its middleware and the files that assemble and start the service. */
const EDGE = '^src/(http/|(app|handlers|service|index|main|cli|config|start-banner|test-controls)[.]ts$)'

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-http-below-routes',
      comment:
        'Below the routes code takes a plain Caller and plain values, never Hono, its context or the ' +
        'edge: otherwise a use-case cannot run outside a request and the edge cannot change alone.',
      severity: 'error',
      from: { path: '^src/', pathNot: [EDGE, '^src/routes/', '^src/testing/'] },
      to: { path: [EDGE, '^src/routes/', '(^|/)node_modules/(hono|@hono)/'] },
    },
    {
      name: 'repositories-import-down-only',
      comment:
        'Repositories are the bottom layer above the database: they may use domain/ types, server-kit ' +
        'and each other; a record type they return belongs to them or to domain/, not to a caller.',
      severity: 'error',
      from: { path: '^src/repositories/' },
      to: { path: '^src/', pathNot: '^src/(repositories|domain)/' },
    },
    {
      name: 'domain-has-no-io',
      comment:
        'domain/ holds rules without I/O, so it is testable without a database or network: no ' +
        'repositories, no other layer, no storage, sockets or processes.',
      severity: 'error',
      from: { path: '^src/domain/' },
      to: {
        path: [
          '^src/(?!domain/)',
          '^(node:)?(fs|net|http|https|http2|tls|dgram|child_process|cluster|worker_threads)(/|$)',
          '(^|/)node_modules/(pg|@electric-sql)/',
          '(^|/)packages/server-kit/',
        ],
      },
    },
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

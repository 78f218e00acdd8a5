/**
 * The layering of ARCHITECTURE.md, checked by `pnpm lint`: a request goes down and never back up,
 * http edge -> routes -> use-cases, domain and subsystem folders -> repositories -> database.
 * Test files and `testing/` are support code and may reach anything.
 */
/** The http edge: the app, its middleware and the files that assemble and start the service. */
const EDGE = '^src/(http/|(app|handlers|service|index|main|cli|config|start-banner|test-controls)[.]ts$)'

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  extends: '../../.config/dependency-cruiser.base.cjs',
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
  ],
}

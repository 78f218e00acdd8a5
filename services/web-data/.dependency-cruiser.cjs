/**
 * The layering of ARCHITECTURE.md, checked by `pnpm lint`: a request goes down and never back up,
 * http edge -> routes -> subsystem folders -> each subsystem's store -> database.
 * Test files and `testing/` are support code and may reach anything.
 */
/** The http edge: the app, its middleware and the files that assemble and start the service. */
const EDGE =
  '^src/(http/|(app|deps|handlers|service|index|main|cli|config|start-banner|test-controls|make-template|database-template)[.]ts$)'

/**
 * The subsystem folders, lowest first: a folder imports its own layer and those before it, never
 * one after. The order is what the code needs:
 *   net/                              guarded fetch; everything that reaches the network uses it
 *   billing/, browser/                keys and credits; chromium (fetches through net/)
 *   limits/, webhooks/                limits read billing/'s key context; the outbox posts via net/
 *   interact/                         browser sessions and scrape jobs, over browser/ and billing/
 *   scrape/                           the pipeline keeps its browser open as a scrape job
 *   extraction/, parse/               the json format and the extract job scrape pages
 *   search/                           searches scrape and fill the json format
 *   crawl/                            crawls scrape, extract, and tell search/ of new pages
 *   map/, monitor/, agent/            maps read crawl/'s sitemaps; monitors and agents use all
 * Where a lower folder needs a higher one's function (the extract job maps sites, the webhook
 * runner reads crawl pages, the scrape pipeline fills the json format and feeds the index), it
 * is handed in where the service (service.ts) or the request (the route) is assembled.
 */
const LAYERS = [
  ['net'],
  ['billing', 'browser'],
  ['limits', 'webhooks'],
  ['interact'],
  ['scrape'],
  ['extraction', 'parse'],
  ['search'],
  ['crawl'],
  ['map', 'monitor', 'agent'],
]

/** The limits are enforced as the app's middleware, so that one file belongs to the edge too. */
const LIMITS_MIDDLEWARE = '^src/limits/index[.]ts$'

const folders = (names) => `^src/(${names.join('|')})/`

/** One rule per layer: nothing in it imports a folder of a later layer. */
const layerRules = LAYERS.slice(0, -1).map((layer, i) => ({
  name: `layer-${layer.join('-')}`,
  comment: `${layer.join(', ')} must not import ${LAYERS.slice(i + 1)
    .flat()
    .join(', ')}: they sit above it.`,
  severity: 'error',
  from: { path: folders(layer) },
  to: { path: folders(LAYERS.slice(i + 1).flat()) },
}))

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  extends: '../../.config/dependency-cruiser.base.cjs',
  forbidden: [
    {
      name: 'no-http-below-routes',
      comment:
        'Below the routes code takes plain values, never Hono, its context or the edge: otherwise a ' +
        'subsystem cannot run outside a request (a job, a test) and the edge cannot change alone.',
      severity: 'error',
      from: { path: '^src/', pathNot: [EDGE, '^src/routes/', '^src/testing/', LIMITS_MIDDLEWARE] },
      to: { path: [EDGE, '^src/routes/', '(^|/)node_modules/(hono|@hono)/'] },
    },
    {
      name: 'stores-import-no-runner',
      comment:
        'A store is the layer above the database: the runners, pipelines and routes call it, never ' +
        'the other way, or a store could not be read or tested without them.',
      severity: 'error',
      from: { path: '^src/[a-z]+/[a-z-]*store[.]ts$' },
      to: {
        path: [
          EDGE,
          '^src/routes/',
          '^src/[a-z]+/(runner|scrape|search|map)[.]ts$',
          '(^|/)node_modules/(hono|@hono)/',
        ],
      },
    },
    ...layerRules,
  ],
}

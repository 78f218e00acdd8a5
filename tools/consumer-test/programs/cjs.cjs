// CommonJS, nothing configured: both clients from `require`, credentials and base URLs from the
// environment, default retries (the server fails each call once with a retryable status).
const { createControlClient } = require('@apiplatform/control-client')
const { createWebDataClient } = require('@apiplatform/web-data-client')

const control = createControlClient()
const web = createWebDataClient()
Promise.all([control.keys.whoami({ key: 'sk_1' }), web.search({ query: 'kettle' })]).then(
  ([whoami, search]) => console.log(JSON.stringify({ whoami: whoami.id, search: search.success })),
  (error) => {
    console.error(error)
    process.exitCode = 1
  },
)

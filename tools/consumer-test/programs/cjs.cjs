// CommonJS, nothing configured: both clients from `require`, credentials and base URLs from the
// environment (the services), their error classes recognised; then the same clients' default
// retries against a server that fails each call once with a retryable status (`FAULT_URL`).
const { ControlApiError, createControlClient } = require('@apiplatform/control-client')
const { createWebDataClient, WebDataApiError } = require('@apiplatform/web-data-client')

const failure = (call, ErrorClass) =>
  call.then(
    () => 'no error',
    (e) => ({ instance: e instanceof ErrorClass, status: e.status, error: e.error }),
  )

async function main() {
  const control = createControlClient()
  const web = createWebDataClient()
  const [deployment, missing, badId] = await Promise.all([
    control.deployments.getDeployment({ deploymentId: 'd_seed_v3' }),
    failure(control.deployments.getDeployment({ deploymentId: 'd_nope_nope' }), ControlApiError),
    failure(web.agent.get('not-a-uuid'), WebDataApiError),
  ])
  const baseUrl = process.env.FAULT_URL
  const [whoami, search] = await Promise.all([
    createControlClient({ baseUrl }).keys.whoami({ key: 'sk_1' }),
    createWebDataClient({ baseUrl }).search({ query: 'kettle' }),
  ])
  return {
    deployment: deployment.id,
    missing,
    badId,
    whoami: whoami.id,
    search: search.success,
  }
}

main().then(
  (result) => console.log(JSON.stringify(result)),
  (error) => {
    console.error(error)
    process.exitCode = 1
  },
)

import type { Credentials } from './credentials.js'

export function banner(
  urls: { control: string; webData: string; docs: string },
  credentials: Credentials,
  credentialsFile: string | undefined,
): string {
  const { control, webData, docs } = urls
  return `
  Deployment Control API   ${control}    spec: ${control}/openapi.json
    root key               ${credentials.controlRootKey}
  Web-Data API             ${webData}    spec: ${webData}/openapi.json
    API key                ${credentials.webDataApiKey}
    private URLs           allowed (WEB_DATA_ALLOW_PRIVATE_URLS=1, local development only)
  Docs portal              ${docs}
    getting started        ${docs}/guides/control.html, ${docs}/guides/web-data.html
    references             ${docs}/reference/control/, ${docs}/reference/web-data/ ("Test Request" calls the services)

  ${credentialsFile ? `Keys are kept in ${credentialsFile}` : 'Databases and keys live in memory (DATA_DIR=memory://) until the stop'}; set CONTROL_ROOT_KEY / WEB_DATA_API_KEY to choose your own.
  Try:
    curl -s -X POST ${control}/v2/deployments.listDeployments \\
      -H 'Authorization: Bearer ${credentials.controlRootKey}' -H 'Content-Type: application/json' -d '{}'
    curl -s -X POST ${webData}/v2/scrape \\
      -H 'Authorization: Bearer ${credentials.webDataApiKey}' -H 'Content-Type: application/json' \\
      -d '{"url":"${docs}/"}'

  Ctrl-C stops everything.
`
}

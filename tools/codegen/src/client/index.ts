import type { OpenApiDocument } from '@apiplatform/openapi-toolkit'
import { generateControlClient } from './control.js'
import type { ClientFiles, ClientOptions } from './options.js'
import { generateWebDataClient } from './web-data.js'

export type { ClientFiles, ClientOptions } from './options.js'

/** The client generator of each API: each client has its own runtime shape. */
export const clientGenerators: Record<
  string,
  (doc: OpenApiDocument, options: ClientOptions) => Promise<ClientFiles>
> = {
  control: generateControlClient,
  'web-data': generateWebDataClient,
}

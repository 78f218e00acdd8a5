import { defineConfig } from 'tsup'
import { clientBuild } from '../client-core/tsup.client.js'

export default defineConfig(clientBuild)

import { resolve } from 'node:path'
import { describeConsumerProject } from '@apiplatform/contract/routes-package'

// The project is the output of this package's `consumer:install` task (src/test-support/consumer-project.ts).
describeConsumerProject(resolve(import.meta.dirname, '..'))

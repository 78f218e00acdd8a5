import { resolve } from 'node:path'
import { describeConsumerProject } from '@apiplatform/contract/routes-package'
import { CONSUMER_FILES } from './test-support/consumer.js'

describeConsumerProject(resolve(import.meta.dirname, '..'), CONSUMER_FILES)

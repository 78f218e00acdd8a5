/**
 * This package's `consumer:install` task (turbo runs it before `test`): the packed package installed
 * offline into `.consumer/` as a team serving two operations would install it, and that project
 * type-checked; `src/consumer.test.ts` reads the result.
 */
import { resolve } from 'node:path'
import { installRoutesConsumer } from '@apiplatform/contract'
import { CONSUMER_FILES } from './consumer.js'

await installRoutesConsumer(resolve(import.meta.dirname, '../..'), CONSUMER_FILES)

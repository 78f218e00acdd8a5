export { default } from '../../.config/vitest.base.js'

import { testRule } from './rule-fixture.js'

testRule('free-form-object', 'control', ['A bare `type: object`: add `additionalProperties: true`'])

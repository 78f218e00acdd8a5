import { describeGeneratedCode } from '@apiplatform/contract/routes-package'

describeGeneratedCode(new URL('./generated/', import.meta.url))

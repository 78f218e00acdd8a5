/** The job queue that runs every long-running deployment operation. */
export const OPERATIONS_QUEUE = 'deployment-operations'

/** What a job of the operations queue carries: the operation row and the step it is at. */
export interface OperationJob {
  operationId: string
  step: number
}

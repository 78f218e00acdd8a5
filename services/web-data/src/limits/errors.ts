/** An error body of the API (`{success: false, error}`), for middleware that answers directly. */
export function errorBody(error: string): { success: false; error: string } {
  return { success: false, error }
}

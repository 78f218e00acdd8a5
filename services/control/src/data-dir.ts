/** Where the embedded database lives when `DATA_DIR` is not set (relative to the working directory). */
export const DEFAULT_DATA_DIR = '.data/control'

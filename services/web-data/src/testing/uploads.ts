/** A multipart body of `POST /v2/parse`: the file and, when given, its options as JSON. */
export function upload(bytes: Uint8Array | string, name: string, type: string, options?: unknown): FormData {
  const form = new FormData()
  form.append('file', new File([bytes as BlobPart], name, { type }))
  if (options) form.append('options', JSON.stringify(options))
  return form
}

/**
 * The `images` format: the `src` of every `img` of the page (already made absolute against the
 * page's URL), each once, in page order. Only http(s) URLs: a `data:` image is the image itself,
 * not an address of it, and other schemes cannot be fetched.
 */
export function imageUrls(images: readonly Element[]): string[] {
  const seen = new Set<string>()
  for (const image of images) {
    const src = image.getAttribute('src')?.trim()
    if (src && /^https?:\/\//i.test(src)) seen.add(src)
  }
  return [...seen]
}

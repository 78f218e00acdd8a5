/**
 * Operations whose official SDK call does not work against our API as specified, and why. Their
 * reference page says so instead of showing a sample that fails; each is a difference between our
 * spec and the real API's client, to be resolved in the spec and the stand-in (where they disagree,
 * the real clients win), after which the entry goes and the SDK sample is generated and tested.
 */

export const SDK_GAPS: Record<string, string> = {}

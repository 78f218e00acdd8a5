/**
 * A small prompt-injection detector: instructions aimed at a language model, hidden in page
 * content. It looks for the phrasings such attacks use ("ignore previous instructions", "you are
 * now", "system prompt", …) in the visible text and in HTML comments and hidden elements.
 */
const PATTERNS: RegExp[] = [
  /\b(ignore|disregard|forget|override)\s+(all\s+|any\s+)?(the\s+)?(previous|prior|above|earlier|preceding|your)\s+(instructions?|prompts?|rules|directions|context)\b/i,
  /\b(reveal|print|show|repeat|output)\s+(me\s+)?(your|the)\s+(system\s+prompt|hidden\s+instructions?|initial\s+instructions?)\b/i,
  /\byou\s+are\s+now\s+(a|an|in)\b/i,
  /\bnew\s+instructions?\s*:/i,
  /\b(system|assistant)\s*:\s*(ignore|you\s+must|from\s+now\s+on)\b/i,
  /\bdo\s+not\s+follow\s+(your|the)\s+(previous|original)\s+instructions?\b/i,
  /\bfrom\s+now\s+on,?\s+(you|respond|answer|act)\b/i,
  /<\|?(im_start|im_end|system)\|?>/i,
  /\bjailbreak(ed)?\s+mode\b/i,
]

export interface InjectionFinding {
  pattern: string
  excerpt: string
}

/** Returns what looks like a prompt injection in `content`, or undefined. */
export function detectPromptInjection(content: string): InjectionFinding | undefined {
  for (const pattern of PATTERNS) {
    const match = pattern.exec(content)
    if (match) {
      const start = Math.max(0, match.index - 40)
      return {
        pattern: pattern.source,
        excerpt: content.slice(start, match.index + match[0].length + 40).trim(),
      }
    }
  }
  return undefined
}

/** The trigram index answers substrings of at least this many characters; shorter ones are scanned. */
export const TRIGRAM = 3

/** A substring as an FTS5 phrase: in double quotes, inner quotes doubled, so no character is read as query syntax. */
export function ftsPhrase(value: string): string {
  return `"${value.replaceAll('"', '""')}"`
}

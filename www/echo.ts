// Quoting what the user gave back to them: a message about a link's part, a file's name or a typed value
// quotes at most a short prefix of it, so a 100,000-character address or file name cannot flood the status
// line (nor make the message the size of its input). Every message that echoes user text goes through
// `echo`; the text is still only ever set as textContent.

/** The most characters of user text a message quotes. */
export const ECHO_CHARS = 60;

/**
 * `text` as a message quotes it: whole when it has at most `ECHO_CHARS` characters, else its first
 * `ECHO_CHARS` characters and "…". Characters are counted as code points, so an emoji is never cut in half.
 */
export function echo(text: string): string {
  // A quick exit for the usual short text; `length` counts UTF-16 units, at least the code points.
  if (text.length <= ECHO_CHARS) return text;
  // Each code point is one or two units: this many units hold more than ECHO_CHARS code points whenever
  // the whole text has more.
  const chars = Array.from(text.slice(0, 2 * ECHO_CHARS + 2));
  return chars.length <= ECHO_CHARS ? text : `${chars.slice(0, ECHO_CHARS).join('')}…`;
}

/** A list of user texts (file names) quoted as one: each bounded, and at most `most` of them named. */
export function echoList(texts: readonly string[], separator: string, most = 5): string {
  const named = texts.slice(0, most).map(echo);
  if (texts.length > most) named.push('…');
  return named.join(separator);
}

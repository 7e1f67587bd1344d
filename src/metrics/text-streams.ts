/**
 * A text's base64 and hex streams (leak-scan.ts, Haystack.streams), made in one pass over the
 * text. What they hold is defined by the regular expressions below (kept in the test as the
 * reference): the base64 stream is the text with each `\n`, `\r` or `\t` escape taken out as a
 * separator, then every character outside the base64 alphabets removed, base64url's `-` and
 * `_` read as `+` and `/`; the hex stream is the hex digits of the text, lower-cased.
 *
 *   base64: text.replace(/\\[nrt]/g, ' ').replace(/[^A-Za-z0-9+/_-]+/g, '')
 *               .replace(/-/g, '+').replace(/_/g, '/')
 *   hex:    text.replace(/[^0-9A-Fa-f]+/g, '').toLowerCase()
 *
 * Why a loop: on a sweep's megabyte answers (campus-b's client listing) those global replaces
 * took about a second per answer, most of the sweep's secret scan.
 */
export function textStreams(text: string): { base64: string; hex: string } {
  const base64 = Buffer.allocUnsafe(text.length);
  const hex = Buffer.allocUnsafe(text.length);
  let b = 0;
  let h = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      base64[b++] = c; // 0-9
      hex[h++] = c;
    } else if (c >= 97 && c <= 122) {
      base64[b++] = c; // a-z
      if (c <= 102) hex[h++] = c;
    } else if (c >= 65 && c <= 90) {
      base64[b++] = c; // A-Z
      if (c <= 70) hex[h++] = c + 32;
    } else if (c === 43 || c === 47)
      base64[b++] = c; // + /
    else if (c === 45)
      base64[b++] = 43; // - as +
    else if (c === 95)
      base64[b++] = 47; // _ as /
    else if (c === 92) {
      // `\n`, `\r`, `\t`: a separator in the base64 stream (the letter is not part of it); the
      // hex stream has no such letter to lose.
      const next = text.charCodeAt(i + 1);
      if (next === 110 || next === 114 || next === 116) i++;
    }
  }
  return { base64: base64.toString('latin1', 0, b), hex: hex.toString('latin1', 0, h) };
}

/**
 * Base64url without padding (RFC 4648 §5), the one spelling of it: link and invitation tokens,
 * MACs, sealed Slack tokens and the team list's cursor.
 */
export function base64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** The bytes of a base64url text, or null when it is not one (checked, and bounded, before decoding). */
export function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | null {
  if (text.length > 4096 || !/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    const binary = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
    const bytes = new Uint8Array(binary.length);
    for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  } catch {
    return null;
  }
}

/** Task ids: 128 random bits from the platform's CSPRNG, base64url, so no one can guess or enumerate them. */
export function newTaskId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let text = "";
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/**
 * An address as one mailbox, nothing more: no space, line break, angle bracket, comma or quote that a
 * header or an address list could read as a second address or a header of its own.
 */
export function isPlainAddress(address: string): boolean {
  return /^[^\s<>()[\],;:"\\@]+@[^\s<>()[\],;:"\\@]+$/u.test(address);
}

import { fileTypeFromBuffer } from "file-type";

/** The mimetype of a content, from its first bytes: file-type's magic numbers, else text or binary. */
export async function sniffMimetype(head: Buffer): Promise<string> {
  if (head.length === 0) return "inode/x-empty";
  const detected = await fileTypeFromBuffer(head);
  if (detected) return detected.mime;
  return looksLikeText(head) ? "text/plain" : "application/octet-stream";
}

/** Control bytes that text uses: tab, line feed, vertical tab, form feed, carriage return, escape. */
const TEXT_CONTROLS = new Set([0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x1b]);

/**
 * UTF-8 without control bytes other than those text uses (a multi-byte character
 * cut at the end of the sample is allowed).
 */
function looksLikeText(head: Buffer): boolean {
  if (head.some((byte) => (byte < 0x20 && !TEXT_CONTROLS.has(byte)) || byte === 0x7f)) return false;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(head.subarray(0, trimPartial(head)));
    return true;
  } catch {
    return false;
  }
}

function trimPartial(head: Buffer): number {
  const end = head.length;
  for (let i = 1; i <= 3 && end - i >= 0; i++) {
    const byte = head[end - i] ?? 0;
    if ((byte & 0xc0) === 0xc0) return end - i;
    if ((byte & 0x80) === 0) break;
  }
  return end;
}

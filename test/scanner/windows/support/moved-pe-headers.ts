/**
 * PE files whose headers sit where `e_lfanew` says, past the first 4 KiB or at an odd offset, as a
 * linker or packer may put them (docs/scanner.md, "Stamped downloads": a signed build's headers are
 * read wherever they are). mingw-w64's linker is told to keep 8 KiB for the headers
 * (`--file-alignment=0x2000`, and sections 16 KiB apart in memory so the headers never overlap the
 * first), and then the PE signature, the COFF and optional headers and the section table are moved
 * within that room: nothing else in the file refers to where they are, so the program still loads
 * and runs (checked under Wine when the helper was written) and osslsigncode signs it as any other.
 */

/** The linker flags that leave room for the headers to move up to 8 KiB less their own size. */
export const ROOMY_HEADERS = ['-Wl,--file-alignment=0x2000,--section-alignment=0x4000'];

/** The file with its headers moved to file offset `at` (and `e_lfanew` saying so). */
export function withPeHeadersAt(file: Buffer, at: number): Buffer {
  const from = file.readUInt32LE(0x3c);
  const sections = file.readUInt16LE(from + 6);
  const optionalSize = file.readUInt16LE(from + 20);
  const end = from + 4 + 20 + optionalSize + 40 * sections;
  const optional = from + 24;
  // SizeOfHeaders: where the first section's bytes start in the file.
  const room = file.readUInt32LE(optional + 60);
  if (at < 0x40 || at + (end - from) > room)
    throw new Error(`headers of ${end - from} bytes do not fit at ${at} in ${room} bytes of headers`);
  const headers = Buffer.from(file.subarray(from, end));
  const out = Buffer.from(file);
  out.fill(0, from, end);
  headers.copy(out, at);
  out.writeUInt32LE(at, 0x3c);
  return out;
}

/**
 * The CheckSum as Windows' CheckSumMappedFile describes it, the field counted as zero: the file word
 * by word, folding every carry, then its length. With the field at an odd offset its bytes fall in
 * three words, each zeroed where it is.
 */
export function referencePeChecksum(file: Buffer, checksumOffset: number): number {
  const zeroed = Buffer.from(file).fill(0, checksumOffset, checksumOffset + 4);
  let sum = 0;
  for (let i = 0; i < zeroed.length; i += 2) {
    sum += (zeroed[i] as number) | ((zeroed[i + 1] ?? 0) << 8);
    sum = (sum & 0xffff) + (sum >>> 16);
  }
  return (((sum & 0xffff) + (sum >>> 16)) & 0xffff) + file.length;
}

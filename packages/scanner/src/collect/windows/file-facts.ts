import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';

const iso = (ms: number) => (ms > 0 ? new Date(ms).toISOString() : null);

/** A file's own times as the evidence shows them (null when the system does not keep one). */
export function timesOf(info: { mtimeMs: number; birthtimeMs: number }) {
  return { modifiedAt: iso(info.mtimeMs), createdAt: iso(info.birthtimeMs) };
}

/** Files larger than this are listed but neither hashed nor opened for a signature. */
export const MAX_READ_BYTES = 128 * 1024 * 1024;

/** The whole file, when it is not larger than `MAX_READ_BYTES`; null otherwise or when unreadable. */
export async function readSmallFile(path: string): Promise<Buffer | null> {
  try {
    const file = await open(path, 'r');
    try {
      const { size } = await file.stat();
      if (size > MAX_READ_BYTES) return null;
      return await file.readFile();
    } finally {
      await file.close();
    }
  } catch {
    return null;
  }
}

export function sha256(data: Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

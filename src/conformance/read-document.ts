import { closeSync, constants, fstatSync, openSync, readSync } from 'node:fs';
import { BenchError } from '../common/errors.js';

/** The largest OpenAPI document read (the vendor's largest is 3.6 MB). */
export const MAX_DOCUMENT_BYTES = 32 * 1024 * 1024;

const KIND = (stat: ReturnType<typeof fstatSync>): string =>
  stat.isFIFO()
    ? 'a FIFO'
    : stat.isCharacterDevice()
      ? 'a character device'
      : stat.isBlockDevice()
        ? 'a block device'
        : stat.isSocket()
          ? 'a socket'
          : stat.isDirectory()
            ? 'a directory'
            : 'not a regular file';

/**
 * The text of a document file, read only when it is a regular file (after symbolic links) of at
 * most MAX_DOCUMENT_BYTES: a FIFO would block for ever, `/dev/zero` would fill memory, a huge
 * file would take minutes. Opened non-blocking, so even a FIFO is only looked at; the size is
 * the file's own (fstat), and reading stops at the cap whatever it says.
 */
export function readDocumentFile(path: string): string {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    throw new BenchError('usage', `${path}: cannot read it (${(error as Error).message})`);
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile())
      throw new BenchError(
        'usage',
        `${path} is ${KIND(stat)}: conformance reads only regular files`,
        { hint: 'remove it (or the link) from the --openapi directory' },
      );
    if (stat.size > MAX_DOCUMENT_BYTES)
      throw new BenchError(
        'usage',
        `${path} is ${stat.size} bytes, more than the ${MAX_DOCUMENT_BYTES} bytes (32 MiB) conformance reads`,
        { hint: 'an OpenAPI document is a few MB; check that this is the file you meant' },
      );
    const buffer = Buffer.alloc(Math.min(stat.size, MAX_DOCUMENT_BYTES) + 1);
    let length = 0;
    for (;;) {
      const n = readSync(fd, buffer, length, buffer.length - length, null);
      if (n === 0) break;
      length += n;
      if (length === buffer.length)
        throw new BenchError(
          'usage',
          `${path} grew past its size while it was read: conformance reads only files that hold still`,
        );
    }
    return buffer.subarray(0, length).toString('utf8');
  } finally {
    closeSync(fd);
  }
}

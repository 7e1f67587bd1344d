/**
 * The seccomp filter every sandboxed process runs under (bwrap `--seccomp FD`), as a classic BPF
 * program: `socket(AF_UNIX, …)` fails with EACCES, and io_uring (whose IORING_OP_SOCKET would
 * create a socket without the socket() call) with ENOSYS. Everything else is allowed.
 *
 * Why: a bind mount, read-only or not, does not stop connect() on a Unix socket file it shows,
 * and the sandbox must show the server's checkout, its runtime and the config's directory, where
 * a host socket may sit. Without socket(AF_UNIX) nothing in the sandbox can connect to a
 * pathname (or abstract) Unix socket at all; socketpair() stays allowed (asyncio, libuv and
 * multiprocessing use it between their own processes). The relay inside the sandbox needs no
 * socket() of its own: the harness hands it connected sockets over its IPC channel.
 *
 * Only x86-64 and arm64 are known here; any other architecture gets no filter (`null`), and
 * the sandbox's status says host sockets in the visible directories stay connectable.
 */

/** Per architecture: the AUDIT_ARCH value and the syscall numbers the filter needs. */
const ARCHES: Record<string, { audit: number; socket: number; ioUringSetup: number }> = {
  x64: { audit: 0xc000003e, socket: 41, ioUringSetup: 425 },
  arm64: { audit: 0xc00000b7, socket: 198, ioUringSetup: 425 },
};

const LD_W_ABS = 0x20; // BPF_LD | BPF_W | BPF_ABS
const JEQ_K = 0x15; // BPF_JMP | BPF_JEQ | BPF_K
const JGE_K = 0x35; // BPF_JMP | BPF_JGE | BPF_K
const RET_K = 0x06; // BPF_RET | BPF_K
const ALLOW = 0x7fff0000; // SECCOMP_RET_ALLOW
const ERRNO = 0x00050000; // SECCOMP_RET_ERRNO | errno
const EACCES = 13;
const ENOSYS = 38;
const AF_UNIX = 1;
/** x32 syscalls on x86-64 have this bit set; refused whole (nothing here is an x32 program). */
const X32_BIT = 0x40000000;
// struct seccomp_data: nr at 0, arch at 4, instruction pointer at 8, args[6] from 16.
const NR = 0;
const ARCH = 4;
const ARG0 = 16;

/** The filter for `arch` (process.arch), or null where none is known. */
export function seccompFilter(arch: string = process.arch): Buffer | null {
  const known = ARCHES[arch];
  if (known === undefined) return null;
  // [code, jt, jf, k]; jumps count instructions after the next one.
  const program: [number, number, number, number][] = [
    /* 0 */ [LD_W_ABS, 0, 0, ARCH],
    /* 1 */ [JEQ_K, 0, 8, known.audit], // another ABI (i386, x32 via int 0x80): → 10
    /* 2 */ [LD_W_ABS, 0, 0, NR],
    /* 3 */ [JGE_K, 6, 0, X32_BIT], // → 10
    /* 4 */ [JEQ_K, 5, 0, known.ioUringSetup], // → 10
    /* 5 */ [JEQ_K, 0, 2, known.socket], // not socket(): → 8
    /* 6 */ [LD_W_ABS, 0, 0, ARG0],
    /* 7 */ [JEQ_K, 1, 0, AF_UNIX], // → 9
    /* 8 */ [RET_K, 0, 0, ALLOW],
    /* 9 */ [RET_K, 0, 0, ERRNO | EACCES],
    /* 10 */ [RET_K, 0, 0, ERRNO | ENOSYS],
  ];
  const out = Buffer.alloc(program.length * 8);
  program.forEach(([code, jt, jf, k], i) => {
    out.writeUInt16LE(code, i * 8);
    out.writeUInt8(jt, i * 8 + 2);
    out.writeUInt8(jf, i * 8 + 3);
    out.writeUInt32LE(k >>> 0, i * 8 + 4);
  });
  return out;
}

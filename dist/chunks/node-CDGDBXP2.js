import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);
import {
  AnthropicError,
  AsyncQueue,
  DEFAULT_MEMORY_SYNC_INTERVAL_MS,
  MIN_MEMORY_SYNC_INTERVAL_MS,
  ToolError,
  __classPrivateFieldGet,
  __classPrivateFieldSet,
  checkMemorySyncInterval,
  decodeUTF8,
  encodeUTF8,
  isStatus,
  linkAbort,
  loggerFor,
  promiseWithResolvers,
  readEnv
} from "./chunk-T32RIRHG.js";
import {
  child_process,
  crypto,
  fs,
  path,
  stream
} from "./chunk-PETURP57.js";
import "./chunk-5ERFDA4Q.js";

// node_modules/@anthropic-ai/sdk/tools/agent-toolset/node.mjs
import * as fs4 from "node:fs/promises";
import * as fssync from "node:fs";
import * as path2 from "node:path";
import * as cp from "node:child_process";
import * as crypto2 from "node:crypto";
import * as readline from "node:readline";
import { once } from "node:events";
import { Worker } from "node:worker_threads";

// node_modules/@anthropic-ai/sdk/helpers/beta/json-schema.mjs
function betaTool(options) {
  let { name, inputSchema, description, run, ...extraProps } = options;
  if (inputSchema.type !== "object")
    throw new Error(`JSON schema for tool "${name}" must be an object, but got ${inputSchema.type}`);
  return {
    ...extraProps,
    type: "custom",
    name,
    input_schema: inputSchema,
    description,
    run,
    parse: (content) => content
  };
}

// node_modules/@anthropic-ai/sdk/tools/agent-toolset/fs-util.mjs
var fs2 = fs.promises, DIR_CREATE_MODE = 448, FILE_CREATE_MODE = 384;
function isWithin(root, p) {
  let from = path.resolve(root), to = path.resolve(p);
  return to === from || to.startsWith(from.endsWith(path.sep) ? from : from + path.sep);
}
function isWithinAnyCase(root, p) {
  let rel = path.relative(root, p);
  return rel === "" || !rel.startsWith(".." + path.sep) && rel !== ".." && !path.isAbsolute(rel);
}
function isWithinFolded(root, p) {
  return isWithin(root.toLowerCase().normalize("NFC"), p.toLowerCase().normalize("NFC"));
}
async function containingRoot(roots, target, contains = isWithin) {
  for (let root of roots)
    if (contains(await canonicalize(path.resolve(root)), target))
      return root;
}
var MAX_SYMLINK_HOPS = 40;
function errnoCode(err) {
  let code = err?.code;
  return typeof code == "string" ? code : void 0;
}
async function canonicalize(abs) {
  let tail = [], prefix = abs, hops = 0;
  for (; ; ) {
    let real;
    try {
      real = await fs2.realpath(prefix);
    } catch (realpathErr) {
      let isLink;
      try {
        isLink = (await fs2.lstat(prefix)).isSymbolicLink();
      } catch (lstatErr) {
        let code = errnoCode(lstatErr);
        if (code !== "ENOENT" && code !== "ENOTDIR")
          throw lstatErr;
        let parent2 = path.dirname(prefix);
        if (parent2 === prefix)
          throw lstatErr;
        tail.push(path.basename(prefix)), prefix = parent2;
        continue;
      }
      if (!isLink)
        throw realpathErr;
      if (++hops > MAX_SYMLINK_HOPS)
        throw Object.assign(new Error("too many levels of symbolic links"), { code: "ELOOP" });
      let parent = await fs2.realpath(path.dirname(prefix));
      prefix = path.resolve(parent, await fs2.readlink(prefix), ...tail.splice(0).reverse());
      continue;
    }
    return tail.length ? path.join(real, ...tail.reverse()) : real;
  }
}
async function confineToRoot(root, p, opts) {
  let allowedRoots = opts?.allowedRoots ?? [], realRoot = await canonicalize(path.resolve(root)), real;
  try {
    real = await canonicalize(path.resolve(realRoot, p));
  } catch (err) {
    throw new ToolError(fsErrorMessage(err, `path ${JSON.stringify(p)}`));
  }
  if (isWithin(realRoot, real) || await containingRoot(allowedRoots, real) !== void 0)
    return real;
  let permitted = allowedRoots.length ? "the session's working directory and its other permitted directories" : "the session's working directory";
  throw new ToolError(`path ${JSON.stringify(p)} is outside ${permitted}`);
}
async function atomicWriteFile(targetPath, content) {
  let dir = path.dirname(targetPath), tempPath = path.join(dir, `.tmp-${process.pid}-${crypto.randomUUID()}`), existingMode = await fs2.stat(targetPath).then((st) => st.mode & 511, () => {
  }), handle;
  try {
    handle = await fs2.open(tempPath, "wx", FILE_CREATE_MODE), existingMode !== void 0 && await handle.chmod(existingMode), await handle.writeFile(content, "utf-8"), await handle.sync(), await handle.close(), handle = void 0, await fs2.rename(tempPath, targetPath);
  } catch (err) {
    throw handle && await handle.close().catch(() => {
    }), await fs2.unlink(tempPath).catch(() => {
    }), err;
  }
}
function fsErrorMessage(err, file) {
  let code = errnoCode(err);
  switch (code) {
    case "ENOENT":
      return `${file}: no such file or directory`;
    case "EACCES":
    case "EPERM":
      return `${file}: permission denied`;
    case "ENOTDIR":
      return `${file}: not a directory`;
    case "EISDIR":
      return `${file}: is a directory`;
    case "ELOOP":
      return `${file}: too many levels of symbolic links`;
    case "ENAMETOOLONG":
      return `${file}: file name too long`;
    case "ENOSPC":
      return `${file}: no space left on device`;
    case "EMFILE":
    case "ENFILE":
      return `${file}: too many open files`;
    default:
      return `${file}: ${code !== void 0 ? `i/o error (${code})` : "i/o error"}`;
  }
}
async function findExecutable(name, notInside = [], searchPath = readEnv("PATH") ?? "") {
  for (let dir of absolutePathEntries(searchPath)) {
    let candidate = path.join(dir, name);
    try {
      if (await fs2.access(candidate, fs.constants.X_OK), !(await fs2.stat(candidate)).isFile())
        continue;
      if (notInside.length === 0)
        return candidate;
      let real = await fs2.realpath(candidate);
      if (await containingRoot(notInside, real, isWithinFolded) === void 0)
        return real;
    } catch {
    }
  }
  return null;
}
async function searchPathOutside(notInside, helpers) {
  let resolve2 = (p) => fs2.realpath(p).catch(() => {
  }), isInside = async (real) => await containingRoot(notInside, real, isWithinFolded) !== void 0, outside = null;
  nextEntry: for (let dir of absolutePathEntries(readEnv("PATH") ?? "")) {
    let real = await resolve2(dir);
    if (!await isInside(real ?? await canonicalize(dir).catch(() => dir)) && (outside ?? (outside = []), !(real === void 0 || real.includes(path.delimiter)))) {
      for (let name of helpers) {
        let helper = await resolve2(path.join(real, name));
        if (helper !== void 0 && await isInside(helper))
          continue nextEntry;
      }
      outside.push(real);
    }
  }
  return outside && outside.join(path.delimiter);
}
function absolutePathEntries(searchPath) {
  return searchPath.split(path.delimiter).filter((dir) => path.isAbsolute(dir) && path.resolve(dir) === path.join(dir, "."));
}
function scrubbedShellEnv() {
  let env = {};
  for (let [key, value] of Object.entries(process.env))
    key.toUpperCase().startsWith("ANTHROPIC_") || (env[key] = value);
  return env;
}

// node_modules/@anthropic-ai/sdk/tools/agent-toolset/skills.mjs
var fs3 = fs.promises;
async function setupSkills(ctx) {
  let { client, sessionId } = ctx;
  if (!client)
    return async () => {
    };
  let log = loggerFor(client), session = ctx.session;
  if (!session) {
    if (sessionId === void 0)
      return async () => {
      };
    log.warn("AgentToolContext.sessionId is deprecated and costs an extra session fetch; fetch the session once and set `session` instead", { component: "agent-tool-context" }), session = await client.beta.sessions.retrieve(sessionId);
  }
  let skillsRoot = path.resolve(ctx.workdir, "skills"), created = [];
  for (let skill of session.agent.skills)
    try {
      let version = await client.beta.skills.versions.retrieve(skill.version, { skill_id: skill.skill_id }), dirname2 = path.basename(version.name.trim());
      (dirname2 === "" || dirname2 === "." || dirname2 === "..") && (dirname2 = skill.skill_id);
      let dest = path.resolve(skillsRoot, dirname2);
      if (dest !== skillsRoot && !dest.startsWith(skillsRoot + path.sep)) {
        log.warn("skill name escapes the skills dir; skipping", {
          component: "agent-tool-context",
          name: version.name
        });
        continue;
      }
      let resp = await client.beta.skills.versions.download(version.id, { skill_id: skill.skill_id });
      await fs3.rm(dest, { recursive: !0, force: !0 }), await fs3.mkdir(dest, { recursive: !0, mode: DIR_CREATE_MODE }), created.push(dest), await extractArchive(resp, dest, [ctx.workdir, ...ctx.allowedRoots ?? []]), log.info("downloaded skill", {
        component: "agent-tool-context",
        skill_id: skill.skill_id,
        version: version.id,
        dest
      });
    } catch (e) {
      log.warn("failed to download skill", {
        component: "agent-tool-context",
        skill_id: skill.skill_id,
        error: String(e)
      });
    }
  return async () => {
    for (let dest of created)
      await fs3.rm(dest, { recursive: !0, force: !0 }).catch((e) => {
        log.warn("failed to clean up skill", { component: "agent-tool-context", dest, error: String(e) });
      });
  };
}
function assertSafeMemberNames(names) {
  for (let raw of names) {
    let entry = raw.trim();
    if (entry && (path.isAbsolute(entry) || entry.split(/[\\/]/).includes("..")))
      throw new AnthropicError(`refusing to extract unsafe archive member: ${entry}`);
  }
}
var INCONSISTENT_LISTING = "skill archive listing is inconsistent; refusing to extract", PLAIN_TYPE_CHARS = { unzip: /* @__PURE__ */ new Set(["-", "d", "?"]), tar: /* @__PURE__ */ new Set(["-", "d", "C"]) };
function listingLines(listing) {
  let lines = listing.split(`
`);
  return lines[lines.length - 1] === "" && lines.pop(), lines;
}
function canExcludeVerbatim(cmd, name) {
  return /^[\x20-\x7E]+$/.test(name) && !/[\\^#]/.test(name) && !(cmd === "unzip" && name.startsWith("-"));
}
function classifyArchiveListing(cmd, names, typed) {
  let nameLines = listingLines(names), typedLines = listingLines(typed);
  if (nameLines.length !== typedLines.length)
    throw new AnthropicError(INCONSISTENT_LISTING);
  let plain = [], special = [];
  return nameLines.forEach((name, i) => {
    if (PLAIN_TYPE_CHARS[cmd].has(typedLines[i].charAt(0))) {
      plain.push(name);
      return;
    }
    if (!canExcludeVerbatim(cmd, name))
      throw new AnthropicError(`refusing to extract archive: cannot safely exclude member ${JSON.stringify(name)}`);
    special.push(name);
  }), { plain, special };
}
async function assertOnlyPlainEntries(dir) {
  for (let entry of await fs3.readdir(dir, { withFileTypes: !0 }))
    if (entry.isDirectory())
      await assertOnlyPlainEntries(path.join(dir, entry.name));
    else if (!entry.isFile())
      throw new AnthropicError(INCONSISTENT_LISTING);
}
async function normalizeEntryModes(dir) {
  await fs3.chmod(dir, DIR_CREATE_MODE);
  for (let entry of await fs3.readdir(dir, { withFileTypes: !0 })) {
    let entryPath = path.join(dir, entry.name);
    if (entry.isDirectory())
      await normalizeEntryModes(entryPath);
    else if (entry.isFile()) {
      let { mode, nlink } = await fs3.lstat(entryPath);
      if (nlink > 1)
        throw new AnthropicError(INCONSISTENT_LISTING);
      await fs3.chmod(entryPath, mode & 73 ? 493 : 420);
    }
  }
}
var ARCHIVE_TOOL_OUTPUT_LIMIT = 1024 * 1024, ARCHIVE_TOOL_HELPERS = [
  "bzip2",
  "compress",
  "grzip",
  "gzip",
  "lrzip",
  "lz4",
  "lzip",
  "lzma",
  "lzop",
  "xz",
  "zstd"
];
async function runArchiveTool(cmd, args, notInside) {
  let onWindows = process.platform === "win32", name = onWindows ? `${cmd}.exe` : cmd, helpers = ARCHIVE_TOOL_HELPERS.flatMap((helper) => onWindows ? [helper, `${helper}.exe`] : [helper]), searchPath = notInside.length > 0 ? await searchPathOutside(notInside, helpers) : null, file = searchPath === null ? await findExecutable(name) : await findExecutable(name, notInside, searchPath);
  if (!file)
    throw new AnthropicError(`skill extraction requires the \`${cmd}\` command, but it was not found on PATH` + (searchPath === null ? "" : " outside `workdir` and `allowedRoots`"));
  let env = scrubbedShellEnv();
  return searchPath !== null && (env.PATH = searchPath), new Promise((resolve2, reject) => {
    let proc = child_process.spawn(file, args, {
      // A link called `tar` may lead to a program that goes by the name it was started under.
      argv0: cmd,
      // Windows looks in the current directory first, for a program and for a helper it starts.
      cwd: path.dirname(file),
      env
    }), output = { stdout: "", stderr: "" }, overLimit = !1;
    for (let pipe of ["stdout", "stderr"])
      proc[pipe].setEncoding("utf8").on("data", (chunk) => {
        output[pipe] += chunk, !(output[pipe].length <= ARCHIVE_TOOL_OUTPUT_LIMIT) && (overLimit = !0, proc.kill());
      });
    proc.on("error", reject), proc.on("close", (code, signal) => {
      overLimit ? reject(new AnthropicError(`skill archive lists too many members: \`${cmd}\` printed more than ${ARCHIVE_TOOL_OUTPUT_LIMIT} characters`)) : code !== 0 ? reject(new AnthropicError(`\`${cmd}\` failed (${signal ?? `exit ${code}`}): ${output.stderr.trim()}`)) : resolve2(output.stdout);
    });
  });
}
function archiveTopDir(names) {
  let top, nested = !1;
  for (let raw of names) {
    let parts = raw.trim().split("/").filter((p) => p !== "" && p !== ".");
    if (parts.length === 0)
      continue;
    let first = parts[0];
    if (top === void 0)
      top = first;
    else if (first !== top)
      return "";
    parts.length > 1 && (nested = !0);
  }
  return top !== void 0 && nested ? top : "";
}
async function extractSkillArchive(resp, dest) {
  await extractArchive(resp, dest, []);
}
async function extractArchive(resp, dest, toolsNotInside) {
  if (dest = path.resolve(dest), !resp.body)
    throw new AnthropicError("skill download response had no body");
  let work = await fs3.mkdtemp(path.join(path.dirname(dest), ".skill-stage-"));
  try {
    let tmp = path.join(work, "archive"), stage = path.join(work, "stage");
    await stream.promises.pipeline(stream.Readable.fromWeb(resp.body), fs.createWriteStream(tmp, { flags: "wx", mode: FILE_CREATE_MODE }));
    let head = await readHead(tmp, 4), isZip = head.length >= 4 && head[0] === 80 && head[1] === 75 && head[2] === 3 && head[3] === 4, archiveCmd = isZip ? "unzip" : "tar", names = await runArchiveTool(archiveCmd, isZip ? ["-Z1", tmp] : ["-tf", tmp], toolsNotInside), typed = await runArchiveTool(archiveCmd, isZip ? ["-Z", "--h", "--t", tmp] : ["-tvf", tmp], toolsNotInside), { plain, special } = classifyArchiveListing(archiveCmd, names, typed);
    assertSafeMemberNames([...plain, ...special]);
    let top = archiveTopDir(plain);
    await fs3.mkdir(stage, { mode: DIR_CREATE_MODE }), plain.length > 0 && await runArchiveTool(archiveCmd, await extractArgs(archiveCmd, tmp, stage, special, path.join(work, "exclude")), toolsNotInside), await assertOnlyPlainEntries(stage), await normalizeEntryModes(stage);
    let srcRoot = top ? path.join(stage, top) : stage, entries = await fs3.readdir(srcRoot).catch((e) => {
      throw errnoCode(e) === "ENOENT" ? new AnthropicError(INCONSISTENT_LISTING) : e;
    });
    for (let entry of entries)
      await fs3.rename(path.join(srcRoot, entry), path.join(dest, entry));
  } finally {
    await fs3.rm(work, { recursive: !0, force: !0 });
  }
}
async function extractArgs(cmd, archive, stage, special, excludeFile) {
  let patterns = special.map((name) => name.replace(/[*?[\\]/g, "\\$&"));
  if (cmd === "unzip")
    return ["-oq", archive, "-d", stage, ...patterns.length > 0 ? ["-x", ...patterns] : []];
  let args = ["-xf", archive, "-C", stage, "--no-same-owner", "--no-same-permissions"];
  return patterns.length === 0 ? args : (await fs3.writeFile(excludeFile, patterns.join(`
`) + `
`, { flag: "wx", mode: 384 }), [...args, "-X", excludeFile]);
}
async function readHead(file, n) {
  let handle = await fs3.open(file, "r");
  try {
    let buf = Buffer.alloc(n), { bytesRead } = await handle.read(buf, 0, n, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

// node_modules/@anthropic-ai/sdk/internal/file-store.mjs
var fsp = fs.promises, C = fs.constants, OWNER_ONLY_DIR_MODE = 448, OWNER_ONLY_FILE_MODE = 384, OWNER_ONLY_EXEC_MODE = 448, O_NOFOLLOW = C.O_NOFOLLOW ?? 0, O_NONBLOCK = C.O_NONBLOCK ?? 0, FileStoreError = /* @__PURE__ */ (() => {
  class FileStoreError2 extends Error {
    constructor(reason, relPath) {
      super(`path ${JSON.stringify(relPath)} ${reason}`), this.name = "FileStoreError", this.reason = reason, this.relPath = relPath;
    }
  }
  return FileStoreError2.ESCAPES_ROOT = "escapes the store root", FileStoreError2.IS_A_SYMLINK = "is a symlink", FileStoreError2.NOT_A_FILE = "is not a regular file", FileStoreError2.NOT_A_DIRECTORY = "is not a directory", FileStoreError2.NOT_UTF8 = "is not valid utf-8", FileStoreError2.MOVE_DESTINATION_EXISTS = "already exists", FileStoreError2;
})();
function isPathLegal(p) {
  return p.startsWith("/") && !p.split("/").includes("..");
}
var FileStore = /* @__PURE__ */ (() => {
  class FileStore2 {
    /** @internal — use {@link FileStore.open} / {@link openFileStore}. */
    constructor(root, removedOnDispose, utf8Only = !1) {
      this.hashes = /* @__PURE__ */ new Map(), this.rootPath = root, this.removedOnDispose = removedOnDispose, this.decoder = utf8Only ? new TextDecoder("utf-8", { fatal: !0 }) : void 0;
    }
    /** Resolve `root`; creates nothing — only {@link createRoot} makes the folder. */
    static async open(root, opts) {
      if (!platformSupported())
        throw new Error("FileStore requires O_NOFOLLOW support on this platform");
      let removedOnDispose = !1;
      try {
        await fsp.lstat(root);
      } catch (e) {
        if (e.code !== "ENOENT")
          throw e;
        removedOnDispose = !0;
      }
      return new FileStore2(path.resolve(root), removedOnDispose, opts?.utf8 ?? !1);
    }
    /** Create the root directory and any missing ancestors; already existing is fine. */
    async createRoot() {
      await makeDirAndAncestors(this.rootPath);
    }
    /** The resolved root, and what {@link dispose} will do to it. */
    root() {
      return { path: this.rootPath, removedOnDispose: this.removedOnDispose };
    }
    /**
     * Remove the root iff `open` created it; pre-existing roots are kept.
     *
     * Wired to `Symbol.asyncDispose` at runtime when the host provides it, so
     * `await using` works on engines with explicit resource management.
     */
    async dispose() {
      this.removedOnDispose && await fsp.rm(this.rootPath, { recursive: !0, force: !0 });
    }
    /**
     * Write `data` (`string` UTF-8 or bytes) atomically to the file at `relPath`.
     *
     * Missing directories below the root are created; a missing root is not —
     * the write fails with `ENOENT`.
     */
    async put(relPath, data, opts) {
      let tail = relPath.replace(/\\/g, "/");
      if (tail.endsWith("/") || tail.endsWith("/.") || tail === "" || tail === ".")
        throw new FileStoreError(FileStoreError.NOT_A_FILE, relPath);
      let dest = this.resolveUnderRoot(relPath), payload = typeof data == "string" ? encodeUTF8(data) : data;
      this.requireUtf8(relPath, payload), await makeDirsBelowRoot(this.rootPath, path.dirname(dest)), await replaceViaTemp(dest, payload, opts?.executable ?? !1);
    }
    /** The file's bytes; `null` when absent. */
    async get(relPath) {
      let dest = this.resolveUnderRoot(relPath), handle;
      try {
        handle = await openRegularFile(relPath, dest);
      } catch (e) {
        if (e.code === "ENOENT")
          return null;
        throw e;
      }
      let data;
      try {
        let buf = await handle.readFile();
        data = new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
      } finally {
        await handle.close();
      }
      return this.requireUtf8(relPath, data), data;
    }
    /** The relative path of every file under the directory `under`. */
    async ls(under = "/") {
      let base = this.resolveUnderRoot(under);
      return new Set((await filenamesInDir(this.rootPath, under, base)).map(([rel]) => rel));
    }
    /**
     * Every symlink under `under` — listings skip them and reads refuse them,
     * so a caller that must know they exist asks here.
     */
    async findSymlinks(under = "/") {
      let base = this.resolveUnderRoot(under);
      return symlinksInDir(this.rootPath, under, base);
    }
    /**
     * `{relPath: sha256Hex}` of every file under the directory `under`.
     *
     * Unchanged files — same size, mtime, and ctime since the last call —
     * reuse their recorded hash instead of being re-read.
     */
    async hashtree(under = "/") {
      let base = this.resolveUnderRoot(under), walkStartNs = _internals.nowNs(), out = /* @__PURE__ */ Object.create(null);
      for (let [rel, full] of await filenamesInDir(this.rootPath, under, base)) {
        let sha = await this.hashViaCache(rel, full, walkStartNs);
        sha !== null && (out[rel] = sha);
      }
      return out;
    }
    /** One file's sha256; `null` when absent. Shares {@link hashtree}'s cache. */
    async hashFile(relPath) {
      let dest = this.resolveUnderRoot(relPath), st;
      try {
        st = await fsp.lstat(dest, { bigint: !0 });
      } catch (e) {
        if (e.code === "ENOENT")
          return null;
        throw e;
      }
      if (st.isSymbolicLink())
        throw new FileStoreError(FileStoreError.IS_A_SYMLINK, relPath);
      if (!st.isFile())
        throw new FileStoreError(FileStoreError.NOT_A_FILE, relPath);
      let rel = path.relative(this.rootPath, dest).split(path.sep).join("/");
      return this.hashViaCache(rel, dest, _internals.nowNs());
    }
    /**
     * Rename `src` to `dst`; an existing `dst` is refused. The banned store
     * root as either end does nothing.
     */
    async move(src, dst) {
      let s = this.resolveUnderRoot(src), d = this.resolveUnderRoot(dst);
      if (s === this.rootPath || d === this.rootPath)
        return;
      if (await fsp.stat(d).then(() => !0, () => !1))
        throw new FileStoreError(FileStoreError.MOVE_DESTINATION_EXISTS, dst);
      await makeDirsBelowRoot(this.rootPath, path.dirname(d)), await fsp.rename(s, d);
    }
    /** Delete a file or subtree; absent — and the banned store root — do nothing. */
    async remove(relPath) {
      let dest = this.resolveUnderRoot(relPath);
      if (dest === this.rootPath)
        return;
      let st;
      try {
        st = await fsp.lstat(dest, { bigint: !0 });
      } catch (e) {
        if (e.code === "ENOENT")
          return;
        throw e;
      }
      if (st.isDirectory())
        await fsp.rm(dest, { recursive: !0, force: !0 });
      else
        try {
          await fsp.unlink(dest);
        } catch (e) {
          if (e.code !== "ENOENT")
            throw e;
        }
    }
    resolveUnderRoot(relPath) {
      let norm = relPath.replace(/\\/g, "/").replace(/^\/+/, ""), parts = norm.split("/").filter((p) => p !== "" && p !== ".");
      if (path.posix.isAbsolute(norm) || parts.includes(".."))
        throw new FileStoreError(FileStoreError.ESCAPES_ROOT, relPath);
      return parts.length === 0 ? this.rootPath : path.join(this.rootPath, ...parts);
    }
    requireUtf8(relPath, data) {
      if (this.decoder)
        try {
          this.decoder.decode(data);
        } catch {
          throw new FileStoreError(FileStoreError.NOT_UTF8, relPath);
        }
    }
    async hashViaCache(rel, full, walkStartNs) {
      let st;
      try {
        st = await fsp.lstat(full, { bigint: !0 });
      } catch (e) {
        if (e.code === "ENOENT")
          return null;
        throw e;
      }
      if (!st.isFile())
        return null;
      let cached = this.hashes.get(rel), sha;
      if (cached !== void 0 && unchangedSinceHashed(cached, st))
        sha = cached.sha;
      else
        try {
          sha = await _internals.hashFile(full);
        } catch (e) {
          let code = e.code;
          if (code === "ENOENT" || e instanceof FileStoreError || code === "ELOOP" || code === "EMLINK")
            return null;
          throw e;
        }
      return oldEnoughToCache(st, walkStartNs) && this.hashes.set(rel, { mtimeNs: st.mtimeNs, ctimeNs: st.ctimeNs, size: st.size, sha }), sha;
    }
  }
  return FileStore2.isPathLegal = isPathLegal, FileStore2;
})();
function platformSupported() {
  return O_NOFOLLOW !== 0;
}
async function makeDirAndAncestors(dir) {
  let missing = [], current = dir;
  for (; ; ) {
    try {
      await fsp.stat(current);
      break;
    } catch (e) {
      let code = e.code;
      if (code !== "ENOENT" && code !== "ENOTDIR" && code !== "ELOOP")
        throw e;
    }
    missing.push(current);
    let parent = path.dirname(current);
    if (parent === current)
      break;
    current = parent;
  }
  for (let directory of missing.reverse())
    try {
      await fsp.mkdir(directory, { mode: OWNER_ONLY_DIR_MODE });
    } catch (e) {
      if (e.code !== "EEXIST")
        throw e;
    }
}
async function makeDirsBelowRoot(root, dir) {
  let below = path.relative(root, dir);
  if (below === "")
    return;
  let current = root;
  for (let part of below.split(path.sep)) {
    current = path.join(current, part);
    try {
      await fsp.mkdir(current, { mode: OWNER_ONLY_DIR_MODE });
    } catch (e) {
      if (e.code !== "EEXIST")
        throw e;
    }
  }
}
async function replaceViaTemp(dest, data, isExecutable) {
  let mode = isExecutable ? OWNER_ONLY_EXEC_MODE : OWNER_ONLY_FILE_MODE, tmp = path.join(path.dirname(dest), `.fs-${crypto.randomBytes(8).toString("hex")}.tmp`), handle;
  try {
    handle = await fsp.open(tmp, C.O_WRONLY | C.O_CREAT | C.O_EXCL | O_NOFOLLOW, mode), await handle.writeFile(data), await handle.close(), handle = void 0, await fsp.rename(tmp, dest);
  } catch (err) {
    throw handle && await handle.close().catch(() => {
    }), await fsp.unlink(tmp).catch(() => {
    }), err;
  }
}
async function openRegularFile(relPath, dest) {
  let handle;
  try {
    handle = await fsp.open(dest, C.O_RDONLY | O_NOFOLLOW | O_NONBLOCK);
  } catch (e) {
    let code = e.code;
    throw code === "ELOOP" || code === "EMLINK" ? new FileStoreError(FileStoreError.IS_A_SYMLINK, relPath) : e;
  }
  try {
    if (!(await handle.stat()).isFile())
      throw new FileStoreError(FileStoreError.NOT_A_FILE, relPath);
  } catch (e) {
    throw await handle.close().catch(() => {
    }), e;
  }
  return handle;
}
async function hashFile(full) {
  let digest = crypto.createHash("sha256"), handle = await openRegularFile(path.basename(full), full), buf = new Uint8Array(1024 * 1024);
  try {
    for (; ; ) {
      let { bytesRead } = await handle.read(buf, 0, buf.length);
      if (bytesRead === 0)
        break;
      digest.update(buf.subarray(0, bytesRead));
    }
  } finally {
    await handle.close();
  }
  return digest.digest("hex");
}
async function filenamesInDir(root, under, base) {
  if (!await requireDir(under, base))
    return [];
  let out = [];
  return await walk(base, (full, entry) => {
    entry.isFile() && out.push([path.relative(root, full).split(path.sep).join("/"), full]);
  }), out.sort(), out;
}
async function symlinksInDir(root, under, base) {
  let relOf = (full) => path.relative(root, full).split(path.sep).join("/"), st;
  try {
    st = await fsp.lstat(base, { bigint: !0 });
  } catch (e) {
    let code = e.code;
    if (code === "ENOENT" || code === "ENOTDIR")
      return /* @__PURE__ */ new Set();
    throw e;
  }
  if (st.isSymbolicLink())
    return /* @__PURE__ */ new Set([relOf(base)]);
  if (!st.isDirectory())
    throw new FileStoreError(FileStoreError.NOT_A_DIRECTORY, under);
  let out = /* @__PURE__ */ new Set();
  return await walk(base, (full, entry) => {
    entry.isSymbolicLink() && out.add(relOf(full));
  }), out;
}
async function requireDir(under, base) {
  let st;
  try {
    st = await fsp.lstat(base, { bigint: !0 });
  } catch (e) {
    let code = e.code;
    if (code === "ENOENT" || code === "ENOTDIR")
      return !1;
    throw e;
  }
  if (!st.isDirectory())
    throw new FileStoreError(FileStoreError.NOT_A_DIRECTORY, under);
  return !0;
}
async function walk(base, visit) {
  let stack = [base];
  for (; stack.length; ) {
    let dir = stack.pop(), entries;
    try {
      entries = await fsp.readdir(dir, { withFileTypes: !0 });
    } catch (e) {
      if (e.code === "ENOENT")
        continue;
      throw e;
    }
    for (let entry of entries) {
      let full = path.join(dir, entry.name);
      visit(full, entry), entry.isDirectory() && !entry.isSymbolicLink() && stack.push(full);
    }
  }
}
function unchangedSinceHashed(cached, st) {
  return st.mtimeNs === cached.mtimeNs && st.ctimeNs === cached.ctimeNs && st.size === cached.size;
}
function oldEnoughToCache(st, walkStartNs) {
  return (st.mtimeNs > st.ctimeNs ? st.mtimeNs : st.ctimeNs) < walkStartNs - _internals.timestampTrustMarginNs;
}
var TIMESTAMP_TRUST_MARGIN_NS = 2000000000n, _internals = {
  hashFile,
  timestampTrustMarginNs: TIMESTAMP_TRUST_MARGIN_NS,
  nowNs: () => BigInt(Date.now()) * 1000000n
}, LocalFileStore = FileStore, asyncDispose = Symbol.asyncDispose;
asyncDispose && Object.defineProperty(FileStore.prototype, asyncDispose, {
  value: FileStore.prototype.dispose,
  configurable: !0,
  writable: !0
});

// node_modules/@anthropic-ai/sdk/tools/agent-toolset/memories.mjs
var _SessionMemoryStores_instances, _SessionMemoryStores_client, _SessionMemoryStores_workdir, _SessionMemoryStores_syncIntervalMs, _SessionMemoryStores_syncDeletions, _SessionMemoryStores_log, _SessionMemoryStores_lastSyncAt, _SessionMemoryStores_finished, _SessionMemoryStores_stores, _SessionMemoryStores_storeRoot, _SessionMemoryStores_scanMarker, _SessionMemoryStores_syncStore, _SessionMemoryStores_flushStore, _SessionMemoryStores_recover, _SessionMemoryStores_settleSent, _SessionMemoryStores_stampAndPull, _SessionMemoryStores_syncPath, _SessionMemoryStores_removeLocal, _SessionMemoryStores_write, _SessionMemoryStores_pullAll, _SessionMemoryStores_uploadAll, _SessionMemoryStores_listMemories, _SessionMemoryStores_upload, _SessionMemoryStores_corroboratedDelete, _SessionMemoryStores_deleteRemote, MEMORY_FLUSH_TIMEOUT_MS = 3e4, MARKER_PATH = ".anthropic-memory-store", MARKER_VERSION = 1;
function markerSha(memoryStoreId) {
  return crypto.createHash("sha256").update(`version ${MARKER_VERSION}
${memoryStoreId}`, "utf-8").digest("hex");
}
var DELETE_CORROBORATION_MS = 3e4, LIST_PAGE_SIZE = 100, FULL_LIST_PAGE_SIZE = 20, FETCH_CONCURRENCY = 16, UPLOAD_CONCURRENCY = 32, DELETE_CAP_FLOOR = 8, DELETE_CAP_CEILING = 50, SessionMemoryError = /* @__PURE__ */ (() => {
  class SessionMemoryError2 extends AnthropicError {
    constructor(message, cause) {
      super(message), cause !== void 0 && (this.cause = cause);
    }
  }
  return SessionMemoryError2._errorName = "SessionMemoryError", SessionMemoryError2;
})(), DeletePass = class {
  constructor(mode, cap, waiveWindow) {
    this.mode = mode, this.cap = cap, this.waiveWindow = waiveWindow, this.attempted = 0, this.capped = 0, this.suppressed = 0;
  }
  takeSlot() {
    return this.attempted >= this.cap ? (this.capped++, !1) : (this.attempted++, !0);
  }
}, SessionMemoryStores = /* @__PURE__ */ (() => {
  class SessionMemoryStores2 {
    constructor(client, opts) {
      _SessionMemoryStores_instances.add(this), _SessionMemoryStores_client.set(this, void 0), _SessionMemoryStores_workdir.set(this, void 0), _SessionMemoryStores_syncIntervalMs.set(this, void 0), _SessionMemoryStores_syncDeletions.set(this, void 0), _SessionMemoryStores_log.set(this, void 0), _SessionMemoryStores_lastSyncAt.set(this, void 0), _SessionMemoryStores_finished.set(this, !1), _SessionMemoryStores_stores.set(this, []), __classPrivateFieldSet(this, _SessionMemoryStores_client, client, "f"), __classPrivateFieldSet(this, _SessionMemoryStores_workdir, opts.workdir, "f"), __classPrivateFieldSet(this, _SessionMemoryStores_syncIntervalMs, opts.syncIntervalMs ?? DEFAULT_MEMORY_SYNC_INTERVAL_MS, "f"), checkMemorySyncInterval(__classPrivateFieldGet(this, _SessionMemoryStores_syncIntervalMs, "f"), "syncIntervalMs"), __classPrivateFieldSet(this, _SessionMemoryStores_syncDeletions, opts.syncDeletions ?? "enabled", "f"), __classPrivateFieldSet(this, _SessionMemoryStores_log, loggerFor(client), "f"), __classPrivateFieldSet(this, _SessionMemoryStores_lastSyncAt, Date.now(), "f");
    }
    /**
     * Every attached store's root directory.
     *
     * The worker lists these as the file tools' allowed roots so a store
     * mounted outside the workdir stays reachable.
     */
    get roots() {
      return __classPrivateFieldGet(this, _SessionMemoryStores_stores, "f").map((s) => s.files.root().path);
    }
    /**
     * Root directories of stores attached read-only.
     *
     * The file tools consult this to refuse writes into read-only stores.
     */
    get readOnlyRoots() {
      return __classPrivateFieldGet(this, _SessionMemoryStores_stores, "f").filter((s) => s.readOnly).map((s) => s.files.root().path);
    }
    /**
     * Download every attached store's memories to disk.
     *
     * `session` arrives already fetched — one snapshot shared with the skills
     * download, so the two cannot disagree about the resources.
     */
    async download(session) {
      for (let resource of session.resources) {
        if (resource.type !== "memory_store")
          continue;
        let root = __classPrivateFieldGet(this, _SessionMemoryStores_instances, "m", _SessionMemoryStores_storeRoot).call(this, resource), store;
        try {
          if (store = {
            memoryStoreId: resource.memory_store_id,
            // utf8: a binary file is refused at put/get, not mid-sync.
            files: await LocalFileStore.open(root, { utf8: !0 }),
            readOnly: resource.access === "read_only",
            baseline: /* @__PURE__ */ new Map(),
            refusedShas: /* @__PURE__ */ new Map(),
            pendingDeletes: /* @__PURE__ */ new Map(),
            sentShas: /* @__PURE__ */ new Map()
          }, !store.files.root().removedOnDispose)
            throw new SessionMemoryError(`something already exists at the memory store's path: ${root} (memory_store_id=${resource.memory_store_id}); it must not exist when the session starts`);
          try {
            await store.files.createRoot();
          } catch (e) {
            throw isErrno(e) ? new SessionMemoryError(`cannot create the memory store's folder: ${root} (memory_store_id=${resource.memory_store_id}): ${e}; the worker host must make this mount path writable`, e) : e;
          }
          await __classPrivateFieldGet(this, _SessionMemoryStores_instances, "m", _SessionMemoryStores_stampAndPull).call(this, store), __classPrivateFieldGet(this, _SessionMemoryStores_log, "f").info("downloaded memories", {
            count: store.baseline.size,
            memory_store_id: store.memoryStoreId,
            dest: store.files.root().path
          }), __classPrivateFieldGet(this, _SessionMemoryStores_stores, "f").push(store);
        } catch (e) {
          throw store && await store.files.dispose().catch(() => {
          }), e instanceof SessionMemoryError ? e : new SessionMemoryError(`failed to download memory store memory_store_id=${resource.memory_store_id}: ${e}`, e);
        }
      }
      __classPrivateFieldSet(this, _SessionMemoryStores_lastSyncAt, Date.now(), "f");
    }
    /**
     * The session's last sync — skips the delete wait, so calling it twice
     * would undo the protection; it throws instead.
     */
    async finish() {
      if (__classPrivateFieldGet(this, _SessionMemoryStores_finished, "f"))
        throw new AnthropicError("finish() was already called: it is the session's last sync and runs once");
      __classPrivateFieldSet(this, _SessionMemoryStores_finished, !0, "f"), await this.syncAll(!0);
    }
    /** @internal — reconcile every store once; the tests' deterministic driver */
    async syncAll(final) {
      await Promise.all(__classPrivateFieldGet(this, _SessionMemoryStores_stores, "f").map((store) => __classPrivateFieldGet(this, _SessionMemoryStores_instances, "m", _SessionMemoryStores_syncStore).call(this, store, final))), __classPrivateFieldSet(this, _SessionMemoryStores_lastSyncAt, Date.now(), "f");
    }
    /** Sync when `syncIntervalMs` has elapsed since the last one. Never throws. */
    async syncIfDue() {
      Date.now() - __classPrivateFieldGet(this, _SessionMemoryStores_lastSyncAt, "f") < __classPrivateFieldGet(this, _SessionMemoryStores_syncIntervalMs, "f") || await this.syncAll(!1);
    }
    /**
     * Upload new and changed files; send no deletes and pull nothing.
     *
     * The push-only rescue pass for a session ending on an error or
     * cancel — best-effort, bounded by the caller: once `signal` aborts no
     * further upload starts, each store cut off part-way logs how many
     * changed files it had not finished uploading, and this resolves without
     * waiting for requests already in flight. Each store uploads up to
     * {@link UPLOAD_CONCURRENCY} files at a time. Skips read-only stores,
     * refused files, files the server already holds, and folders that fail
     * the marker check. Never throws.
     */
    async flushWrites(signal) {
      await Promise.all(__classPrivateFieldGet(this, _SessionMemoryStores_stores, "f").map((store) => __classPrivateFieldGet(this, _SessionMemoryStores_instances, "m", _SessionMemoryStores_flushStore).call(this, store, signal)));
    }
    /**
     * Remove every store directory that {@link SessionMemoryStores.download}
     * created. Pre-existing directories are left alone — that is
     * {@link FileStore.dispose}'s own rule. A folder that fails the marker
     * check is kept too — sync left it as found, so must dispose.
     */
    async dispose() {
      for (let store of __classPrivateFieldGet(this, _SessionMemoryStores_stores, "f")) {
        let root = store.files.root();
        try {
          let scan = await __classPrivateFieldGet(this, _SessionMemoryStores_instances, "m", _SessionMemoryStores_scanMarker).call(this, store);
          if (!scan.markerOk && Object.keys(scan.files).length > 0) {
            __classPrivateFieldGet(this, _SessionMemoryStores_log, "f").warn(`${scan.distrustReason}; leaving the memory store folder on disk`, {
              root: root.path,
              memory_store_id: store.memoryStoreId
            });
            continue;
          }
          await store.files.dispose();
        } catch (e) {
          if (!(e instanceof FileStoreError) && !isErrno(e))
            throw e;
          __classPrivateFieldGet(this, _SessionMemoryStores_log, "f").warn("failed to remove the memory store folder", {
            root: store.files.root().path,
            memory_store_id: store.memoryStoreId,
            error: String(e)
          });
          continue;
        }
        root.removedOnDispose && __classPrivateFieldGet(this, _SessionMemoryStores_log, "f").info("removed memory store dir", {
          dest: root.path,
          memory_store_id: store.memoryStoreId
        });
      }
    }
  }
  return _SessionMemoryStores_client = /* @__PURE__ */ new WeakMap(), _SessionMemoryStores_workdir = /* @__PURE__ */ new WeakMap(), _SessionMemoryStores_syncIntervalMs = /* @__PURE__ */ new WeakMap(), _SessionMemoryStores_syncDeletions = /* @__PURE__ */ new WeakMap(), _SessionMemoryStores_log = /* @__PURE__ */ new WeakMap(), _SessionMemoryStores_lastSyncAt = /* @__PURE__ */ new WeakMap(), _SessionMemoryStores_finished = /* @__PURE__ */ new WeakMap(), _SessionMemoryStores_stores = /* @__PURE__ */ new WeakMap(), _SessionMemoryStores_instances = /* @__PURE__ */ new WeakSet(), _SessionMemoryStores_storeRoot = function(resource) {
    if (resource.mount_path) {
      if (!isPathLegal(resource.mount_path))
        throw new SessionMemoryError(`memory store mount_path is not a clean absolute path: ${JSON.stringify(resource.mount_path)} (memory_store_id=${resource.memory_store_id})`);
      return resource.mount_path;
    }
    return path.join(__classPrivateFieldGet(this, _SessionMemoryStores_workdir, "f"), "memory", resource.name || resource.memory_store_id);
  }, _SessionMemoryStores_scanMarker = async function(store) {
    let local = await store.files.hashtree(), marker = local[MARKER_PATH];
    return delete local[MARKER_PATH], marker === markerSha(store.memoryStoreId) ? { files: local, markerOk: !0, distrustReason: null } : {
      files: local,
      markerOk: !1,
      distrustReason: marker !== void 0 ? "the marker file does not match this store" : "the marker file is gone"
    };
  }, _SessionMemoryStores_syncStore = async function(store, final) {
    try {
      let scan = await __classPrivateFieldGet(this, _SessionMemoryStores_instances, "m", _SessionMemoryStores_scanMarker).call(this, store), local = scan.files;
      if (!scan.markerOk) {
        if (Object.keys(local).length > 0) {
          __classPrivateFieldGet(this, _SessionMemoryStores_log, "f").warn(`${scan.distrustReason}; leaving the memory store folder as found and not syncing`, {
            root: store.files.root().path,
            memory_store_id: store.memoryStoreId
          });
          return;
        }
        await __classPrivateFieldGet(this, _SessionMemoryStores_instances, "m", _SessionMemoryStores_recover).call(this, store, "the folder or its marker is gone");
        return;
      }
      let remote = /* @__PURE__ */ new Map();
      for await (let [rel, item] of __classPrivateFieldGet(this, _SessionMemoryStores_instances, "m", _SessionMemoryStores_listMemories).call(this, store.memoryStoreId))
        remote.set(rel, item);
      if (__classPrivateFieldGet(this, _SessionMemoryStores_instances, "m", _SessionMemoryStores_settleSent).call(this, store, remote), Object.keys(local).length === 0 && store.baseline.size > 1) {
        await __classPrivateFieldGet(this, _SessionMemoryStores_instances, "m", _SessionMemoryStores_recover).call(this, store, "every memory file is gone at once");
        return;
      }
      let deletes = new DeletePass(__classPrivateFieldGet(this, _SessionMemoryStores_syncDeletions, "f"), Math.max(DELETE_CAP_FLOOR, Math.min(DELETE_CAP_CEILING, Math.floor(store.baseline.size / 4))), final), pulls = [], baseline = /* @__PURE__ */ new Map(), paths = [.../* @__PURE__ */ new Set([...remote.keys(), ...Object.keys(local), ...store.baseline.keys()])].sort();
      for (let rel of paths) {
        let remoteItem = remote.get(rel), localSha = local[rel], baseSha = store.baseline.get(rel), sha;
        localSha === void 0 && baseSha !== void 0 && remoteItem !== void 0 && remoteItem.content_sha256 === baseSha && !store.readOnly ? sha = await __classPrivateFieldGet(this, _SessionMemoryStores_instances, "m", _SessionMemoryStores_corroboratedDelete).call(this, store, rel, remoteItem, baseSha, deletes) : sha = await __classPrivateFieldGet(this, _SessionMemoryStores_instances, "m", _SessionMemoryStores_syncPath).call(this, store, rel, remoteItem, localSha, pulls), sha !== void 0 && baseline.set(rel, sha);
      }
      store.baseline = baseline, await __classPrivateFieldGet(this, _SessionMemoryStores_instances, "m", _SessionMemoryStores_pullAll).call(this, store, pulls), deletes.suppressed > 0 && __classPrivateFieldGet(this, _SessionMemoryStores_log, "f").debug("remote deletes are disabled; locally deleted memories stay on the server", {
        count: deletes.suppressed,
        memory_store_id: store.memoryStoreId
      }), deletes.capped > 0 && __classPrivateFieldGet(this, _SessionMemoryStores_log, "f").warn(`delete cap reached: ${deletes.mode === "log_only" ? "would send" : "sent"} ${deletes.attempted} deletes, held ${deletes.capped} for later syncs`, { memory_store_id: store.memoryStoreId });
    } catch (e) {
      __classPrivateFieldGet(this, _SessionMemoryStores_log, "f").warn("memory sync failed", { memory_store_id: store.memoryStoreId, error: String(e) });
    }
  }, _SessionMemoryStores_flushStore = async function(store, signal) {
    let dirty = /* @__PURE__ */ new Map(), unsent = /* @__PURE__ */ new Set(), push = async () => {
      if (store.readOnly)
        return;
      let scan = await __classPrivateFieldGet(this, _SessionMemoryStores_instances, "m", _SessionMemoryStores_scanMarker).call(this, store);
      if (!scan.markerOk) {
        __classPrivateFieldGet(this, _SessionMemoryStores_log, "f").warn(`${scan.distrustReason}; not uploading anything from the memory store folder`, {
          root: store.files.root().path,
          memory_store_id: store.memoryStoreId
        });
        return;
      }
      for (let [rel, sha] of Object.entries(scan.files))
        (sha !== store.baseline.get(rel) || store.sentShas.has(rel)) && store.refusedShas.get(rel) !== sha && (dirty.set(rel, sha), unsent.add(rel));
      if (dirty.size === 0 || signal?.aborted)
        return;
      let remote = /* @__PURE__ */ new Map();
      for await (let [rel, item] of __classPrivateFieldGet(this, _SessionMemoryStores_instances, "m", _SessionMemoryStores_listMemories).call(this, store.memoryStoreId)) {
        if (signal?.aborted)
          return;
        remote.set(rel, item);
      }
      __classPrivateFieldGet(this, _SessionMemoryStores_instances, "m", _SessionMemoryStores_settleSent).call(this, store, remote);
      let uploads = [];
      for (let rel of [...dirty.keys()].sort()) {
        let localSha = dirty.get(rel), baseSha = store.baseline.get(rel), existing = remote.get(rel);
        if (localSha === baseSha) {
          unsent.delete(rel);
          continue;
        }
        if (existing !== void 0 && existing.content_sha256 === localSha) {
          store.baseline.set(rel, existing.content_sha256), unsent.delete(rel);
          continue;
        }
        if (existing !== void 0 && existing.content_sha256 !== baseSha) {
          __classPrivateFieldGet(this, _SessionMemoryStores_log, "f").warn("memory changed both locally and remotely; the flush leaves the remote version", {
            path: rel,
            memory_store_id: store.memoryStoreId
          }), unsent.delete(rel);
          continue;
        }
        uploads.push([rel, localSha, existing]);
      }
      await __classPrivateFieldGet(this, _SessionMemoryStores_instances, "m", _SessionMemoryStores_uploadAll).call(this, store, uploads, unsent, signal);
    };
    try {
      await settledOrAborted(push(), signal), signal?.aborted && unsent.size > 0 && __classPrivateFieldGet(this, _SessionMemoryStores_log, "f").warn(`memory flush cut off part-way; ${unsent.size} of ${dirty.size} changed files had not finished uploading`, { memory_store_id: store.memoryStoreId });
    } catch (e) {
      __classPrivateFieldGet(this, _SessionMemoryStores_log, "f").warn("memory flush failed", { memory_store_id: store.memoryStoreId, error: String(e) });
    }
  }, _SessionMemoryStores_recover = /** Rebuild a destroyed folder from the server; sends no deletes, no uploads. */
  async function(store, reason) {
    __classPrivateFieldGet(this, _SessionMemoryStores_log, "f").warn(`${reason}; re-downloading the memory store folder instead of syncing`, {
      root: store.files.root().path,
      memory_store_id: store.memoryStoreId
    }), await store.files.createRoot(), await __classPrivateFieldGet(this, _SessionMemoryStores_instances, "m", _SessionMemoryStores_stampAndPull).call(this, store);
  }, _SessionMemoryStores_settleSent = function(store, remote) {
    for (let [rel, sha] of store.sentShas)
      remote.get(rel)?.content_sha256 === sha && store.baseline.set(rel, sha);
    store.sentShas.clear();
  }, _SessionMemoryStores_stampAndPull = /**
   * Write the marker, then pull every remote memory. Baseline is cleared
   * first so a failed write never leaves an entry whose file is not on disk.
   * Every memory is needed here, so the listing carries the content — pages
   * cost far fewer round-trips than a request per memory.
   */
  async function(store) {
    store.baseline = /* @__PURE__ */ new Map(), store.sentShas.clear(), store.pendingDeletes.clear(), await store.files.put(MARKER_PATH, `version ${MARKER_VERSION}
${store.memoryStoreId}`);
    for await (let [rel, item] of __classPrivateFieldGet(this, _SessionMemoryStores_instances, "m", _SessionMemoryStores_listMemories).call(this, store.memoryStoreId, "full"))
      await __classPrivateFieldGet(this, _SessionMemoryStores_instances, "m", _SessionMemoryStores_write).call(this, store, rel, item.content ?? "") && store.baseline.set(rel, item.content_sha256);
  }, _SessionMemoryStores_syncPath = /**
   * Reconcile one path. Returns the sha to record in the baseline, or
   * `undefined` to drop the path from it.
   *
   * `pulls` is an output: when the remote version should be written to disk,
   * this appends `[rel, remote]` to it instead of writing — `rel` is the
   * file to write, `remote` the listed memory whose content `#pullAll` will
   * fetch and write there.
   */
  async function(store, rel, remote, localSha, pulls) {
    let baseSha = store.baseline.get(rel);
    if (localSha !== void 0 && store.pendingDeletes.delete(rel), !remote) {
      if (localSha === void 0) {
        store.pendingDeletes.delete(rel);
        return;
      }
      if (baseSha !== void 0) {
        if (localSha === baseSha) {
          let fresh = await __classPrivateFieldGet(this, _SessionMemoryStores_instances, "m", _SessionMemoryStores_removeLocal).call(this, store, rel, baseSha);
          if (fresh === void 0)
            return;
          if (fresh === baseSha)
            return baseSha;
          localSha = fresh;
        }
        store.readOnly ? __classPrivateFieldGet(this, _SessionMemoryStores_log, "f").warn("memory deleted remotely but edited locally; keeping the file, which a read-only store cannot push", { path: rel, memory_store_id: store.memoryStoreId }) : store.refusedShas.get(rel) !== localSha && __classPrivateFieldGet(this, _SessionMemoryStores_log, "f").info("memory deleted remotely but edited locally; re-creating it from the file", {
          path: rel,
          memory_store_id: store.memoryStoreId
        });
      }
      return store.readOnly || store.refusedShas.get(rel) === localSha ? void 0 : await __classPrivateFieldGet(this, _SessionMemoryStores_instances, "m", _SessionMemoryStores_upload).call(this, store, rel, localSha, void 0);
    }
    let remoteSha = remote.content_sha256, remoteChanged = remoteSha !== baseSha, locallyEdited = localSha !== void 0 && localSha !== baseSha && localSha !== remoteSha, localChanged = !store.readOnly && locallyEdited;
    return localSha === void 0 && baseSha !== void 0 ? (remoteChanged && (__classPrivateFieldGet(this, _SessionMemoryStores_log, "f").warn("memory deleted locally but changed remotely; restoring the remote version", {
      path: rel,
      memory_store_id: store.memoryStoreId
    }), store.pendingDeletes.delete(rel), pulls.push([rel, remote])), baseSha) : remoteChanged ? localSha === remoteSha ? remoteSha : (locallyEdited && __classPrivateFieldGet(this, _SessionMemoryStores_log, "f").warn("memory changed both locally and remotely; keeping the remote version", {
      path: rel,
      memory_store_id: store.memoryStoreId
    }), pulls.push([rel, remote]), baseSha) : localChanged ? store.refusedShas.get(rel) === localSha ? remoteSha : await __classPrivateFieldGet(this, _SessionMemoryStores_instances, "m", _SessionMemoryStores_upload).call(this, store, rel, localSha, remote) ?? remoteSha : remoteSha;
  }, _SessionMemoryStores_removeLocal = /**
   * Remove the file for a memory the server no longer has, if it still holds
   * `expectSha`. Returns `undefined` when the file is gone from disk,
   * `expectSha` when it must stay in the baseline (I/O error), or the file's
   * fresh sha when it was edited since the scan.
   */
  async function(store, rel, expectSha) {
    let freshSha;
    try {
      freshSha = await store.files.hashFile(rel);
    } catch (e) {
      if (!(e instanceof FileStoreError) && !isErrno(e))
        throw e;
      return expectSha;
    }
    if (freshSha !== null) {
      if (freshSha !== expectSha)
        return freshSha;
      try {
        await store.files.remove(rel);
      } catch (e) {
        if (!(e instanceof FileStoreError) && !isErrno(e))
          throw e;
        return __classPrivateFieldGet(this, _SessionMemoryStores_log, "f").warn("failed to remove memory deleted remotely", {
          path: rel,
          memory_store_id: store.memoryStoreId,
          error: String(e)
        }), expectSha;
      }
    }
  }, _SessionMemoryStores_write = /**
   * Write a memory's content to disk; `false` (and a warning) on failure.
   *
   * A `..` component in the wire path reaches here as {@link FileStoreError} —
   * that is the escape guard.
   */
  async function(store, rel, content) {
    try {
      await store.files.put(rel, content);
    } catch (e) {
      if (!(e instanceof FileStoreError) && !isErrno(e))
        throw e;
      return __classPrivateFieldGet(this, _SessionMemoryStores_log, "f").warn("failed to write memory", {
        path: rel,
        memory_store_id: store.memoryStoreId,
        error: String(e)
      }), !1;
    }
    return !0;
  }, _SessionMemoryStores_pullAll = /**
   * Fetch and write the given memories, {@link FETCH_CONCURRENCY} at a time.
   *
   * The sync's content pass: the listing carried no content, so each memory
   * is fetched individually and written as it arrives. On success the path's
   * baseline advances; on a failed fetch or write the old entry stays and the
   * next sync retries. A 404 means the memory was deleted after the listing —
   * the next sync reconciles it.
   */
  async function(store, pulls) {
    if (pulls.length === 0)
      return;
    let pullOne = async (rel, listed) => {
      let item;
      try {
        item = await __classPrivateFieldGet(this, _SessionMemoryStores_client, "f").beta.memoryStores.memories.retrieve(listed.id, {
          memory_store_id: store.memoryStoreId,
          view: "full"
        });
      } catch (e) {
        if (isStatus(e, 404))
          return;
        __classPrivateFieldGet(this, _SessionMemoryStores_log, "f").warn("failed to fetch memory content", {
          path: rel,
          memory_store_id: store.memoryStoreId,
          error: String(e)
        });
        return;
      }
      await __classPrivateFieldGet(this, _SessionMemoryStores_instances, "m", _SessionMemoryStores_write).call(this, store, rel, item.content ?? "") && store.baseline.set(rel, item.content_sha256);
    }, queue = pulls[Symbol.iterator](), worker = async () => {
      for (let [rel, listed] of queue)
        await pullOne(rel, listed);
    };
    await Promise.all(Array.from({ length: Math.min(FETCH_CONCURRENCY, pulls.length) }, worker));
  }, _SessionMemoryStores_uploadAll = /**
   * Upload the given files, {@link UPLOAD_CONCURRENCY} at a time, taking each
   * path off `unsent` as its upload returns. No upload starts once `signal`
   * aborts; the ones already in flight run to completion.
   */
  async function(store, uploads, unsent, signal) {
    let queue = uploads[Symbol.iterator](), worker = async () => {
      for (let [rel, localSha, existing] of queue) {
        if (signal?.aborted)
          return;
        let sha = await __classPrivateFieldGet(this, _SessionMemoryStores_instances, "m", _SessionMemoryStores_upload).call(this, store, rel, localSha, existing);
        unsent.delete(rel), sha !== void 0 && store.baseline.set(rel, sha);
      }
    };
    await Promise.all(Array.from({ length: Math.min(UPLOAD_CONCURRENCY, uploads.length) }, worker));
  }, _SessionMemoryStores_listMemories = /**
   * The store's memories keyed by relative path (the wire path's leading `/`
   * stripped — `#upload` re-prefixes it) — `basic` view (shas, no content) at
   * {@link LIST_PAGE_SIZE} per page unless the caller needs `full` pages.
   * `memory_prefix` rollups and the reserved marker path are skipped.
   */
  async function* (memoryStoreId, view = "basic") {
    let limit = view === "basic" ? LIST_PAGE_SIZE : FULL_LIST_PAGE_SIZE;
    for await (let item of __classPrivateFieldGet(this, _SessionMemoryStores_client, "f").beta.memoryStores.memories.list(memoryStoreId, { view, limit })) {
      if (item.type !== "memory")
        continue;
      let rel = item.path.replace(/^\/+/, "");
      if (rel === MARKER_PATH) {
        __classPrivateFieldGet(this, _SessionMemoryStores_log, "f").warn("the server listed the reserved marker path; skipping", {
          path: item.path,
          memory_store_id: memoryStoreId
        });
        continue;
      }
      yield [rel, item];
    }
  }, _SessionMemoryStores_upload = /**
   * Push one local file; `undefined` keeps the old baseline so the next pass retries.
   *
   * A refusal the server would repeat (400/413, the utf-8 gate) enters
   * `refusedShas`: warned once, retried only after the file changes.
   */
  async function _SessionMemoryStores_upload2(store, rel, localSha, existing) {
    try {
      let data = await store.files.get(rel);
      if (data === null)
        return;
      let content = decodeUTF8(data);
      store.sentShas.set(rel, crypto.createHash("sha256").update(content, "utf-8").digest("hex"));
      let item = existing ? await __classPrivateFieldGet(this, _SessionMemoryStores_client, "f").beta.memoryStores.memories.update(existing.id, {
        memory_store_id: store.memoryStoreId,
        content,
        precondition: { type: "content_sha256", content_sha256: existing.content_sha256 }
      }) : await __classPrivateFieldGet(this, _SessionMemoryStores_client, "f").beta.memoryStores.memories.create(store.memoryStoreId, {
        path: "/" + rel,
        content
      });
      return store.refusedShas.delete(rel), store.sentShas.delete(rel), item.content_sha256;
    } catch (e) {
      if (existing && isStatus(e, 404))
        return await __classPrivateFieldGet(this, _SessionMemoryStores_instances, "m", _SessionMemoryStores_upload2).call(this, store, rel, localSha, void 0);
      let permanent = e instanceof FileStoreError || isStatus(e, 400) || isStatus(e, 413);
      existing && isStatus(e, 409) ? __classPrivateFieldGet(this, _SessionMemoryStores_log, "f").warn("memory changed both locally and remotely; the upload was refused and the local edit loses", {
        path: rel,
        memory_store_id: store.memoryStoreId
      }) : permanent && localSha !== void 0 ? (store.refusedShas.set(rel, localSha), __classPrivateFieldGet(this, _SessionMemoryStores_log, "f").warn("the server rejected this memory file, so it stays un-synced until its content changes", { path: rel, memory_store_id: store.memoryStoreId, rejection: String(e) })) : __classPrivateFieldGet(this, _SessionMemoryStores_log, "f").warn("failed to upload memory", {
        path: rel,
        memory_store_id: store.memoryStoreId,
        error: String(e)
      });
      return;
    }
  }, _SessionMemoryStores_corroboratedDelete = /** Send the server delete only after the wait, the cap, and a fresh re-check all clear. */
  async function(store, rel, remote, baseSha, deletes) {
    if (deletes.mode === "disabled")
      return deletes.suppressed++, baseSha;
    let firstAbsent = store.pendingDeletes.get(rel);
    if (firstAbsent === void 0 && (firstAbsent = Date.now(), store.pendingDeletes.set(rel, firstAbsent)), !deletes.waiveWindow && Date.now() - firstAbsent < DELETE_CORROBORATION_MS)
      return baseSha;
    let markerOk, stillAbsent;
    try {
      markerOk = await store.files.hashFile(MARKER_PATH) === markerSha(store.memoryStoreId), stillAbsent = await store.files.hashFile(rel) === null;
    } catch (e) {
      if (!(e instanceof FileStoreError) && !isErrno(e))
        throw e;
      markerOk = stillAbsent = !1;
    }
    if (!markerOk)
      return baseSha;
    if (!stillAbsent)
      return store.pendingDeletes.delete(rel), baseSha;
    if (!deletes.takeSlot())
      return baseSha;
    if (deletes.mode === "log_only")
      return __classPrivateFieldGet(this, _SessionMemoryStores_log, "f").info("log-only: sync would delete this memory on the server", {
        path: rel,
        memory_store_id: store.memoryStoreId
      }), baseSha;
    let sha = await __classPrivateFieldGet(this, _SessionMemoryStores_instances, "m", _SessionMemoryStores_deleteRemote).call(this, store, rel, remote, baseSha);
    return sha === void 0 && store.pendingDeletes.delete(rel), sha;
  }, _SessionMemoryStores_deleteRemote = async function(store, rel, remote, baseSha) {
    try {
      await __classPrivateFieldGet(this, _SessionMemoryStores_client, "f").beta.memoryStores.memories.delete(remote.id, {
        memory_store_id: store.memoryStoreId,
        expected_content_sha256: baseSha
      });
    } catch (e) {
      return isStatus(e, 404) ? void 0 : (isStatus(e, 409) || isStatus(e, 412) ? __classPrivateFieldGet(this, _SessionMemoryStores_log, "f").warn("memory deleted locally but changed remotely; keeping the remote version", {
        path: rel,
        memory_store_id: store.memoryStoreId
      }) : __classPrivateFieldGet(this, _SessionMemoryStores_log, "f").warn("failed to delete memory", {
        path: rel,
        memory_store_id: store.memoryStoreId,
        error: String(e)
      }), baseSha);
    }
    __classPrivateFieldGet(this, _SessionMemoryStores_log, "f").info("propagated local deletion", { path: rel, memory_store_id: store.memoryStoreId });
  }, SessionMemoryStores2;
})();
function isErrno(e) {
  return typeof e == "object" && e !== null && typeof e.code == "string";
}
async function settledOrAborted(p, signal) {
  if (!signal) {
    await p;
    return;
  }
  let onAbort, aborted = new Promise((resolve2) => {
    onAbort = resolve2, signal.aborted && resolve2();
  });
  signal.addEventListener("abort", onAbort, { once: !0 });
  try {
    await Promise.race([p, aborted]);
  } finally {
    signal.removeEventListener("abort", onAbort);
  }
}

// node_modules/@anthropic-ai/sdk/tools/agent-toolset/node.mjs
var _BashSession_instances, _BashSession_proc, _BashSession_buf, _BashSession_truncated, _BashSession_closed, _BashSession_waiting, _BashSession_append, _LineRangeCollector_instances, _LineRangeCollector_filePath, _LineRangeCollector_startLine, _LineRangeCollector_endLine, _LineRangeCollector_start, _LineRangeCollector_end, _LineRangeCollector_limit, _LineRangeCollector_line, _LineRangeCollector_collected, _LineRangeCollector_collectedBytes, _LineRangeCollector_collect, _LineRangeCollector_overLimitError, BASH_OUTPUT_LIMIT = 100 * 1024, BASH_DEFAULT_TIMEOUT_MS = 12e4, DEFAULT_MAX_FILE_BYTES = 256 * 1024, READ_STREAM_CHUNK_BYTES = 64 * 1024, NEWLINE = Buffer.from(`
`), GREP_OUTPUT_LIMIT = 100 * 1024, GREP_TIMEOUT_MS = 6e4, GREP_MAX_LINE_LENGTH = 2e3, GREP_BATCH_LINES = 1e3, GREP_MAX_SEARCHES = 4, GLOB_RESULT_LIMIT = 200, BashTimeoutError = /* @__PURE__ */ (() => {
  class BashTimeoutError2 extends AnthropicError {
    constructor(timeoutMs) {
      super(`bash command timed out after ${timeoutMs}ms`), this.timeoutMs = timeoutMs;
    }
  }
  return BashTimeoutError2._errorName = "BashTimeoutError", BashTimeoutError2;
})(), ANSI_RE = /\x1b\[[0-9;?]*[ -/]*[@-~]/g, fsGlob = fs4.glob;
function resolveMaxBytes(configured) {
  return configured === void 0 ? DEFAULT_MAX_FILE_BYTES : configured;
}
function rejectUnrestrictedPaths(value) {
  if (value !== void 0)
    throw new AnthropicError("The `unrestrictedPaths` option you passed to the agent toolset (AgentToolContext) is no longer supported. The toolset's file tools (read, write, edit, glob, grep) are now always confined to the working directory plus the directories listed in `allowedRoots`. Remove `unrestrictedPaths` from your context; to let the file tools reach any other directory, add it to `allowedRoots`.");
}
function betaAgentToolset20260401(ctx) {
  return [
    betaBashTool(ctx),
    betaReadTool(ctx),
    betaWriteTool(ctx),
    betaEditTool(ctx),
    betaGlobTool(ctx),
    betaGrepTool(ctx)
  ];
}
async function resolvePath(ctx, p) {
  return rejectUnrestrictedPaths(ctx.unrestrictedPaths), confineToRoot(ctx.workdir, p, { allowedRoots: ctx.allowedRoots ?? [] });
}
function readOnlyRootFor(ctx, target) {
  return containingRoot(ctx.readOnlyRoots ?? [], target, isWithinAnyCase);
}
var BashSession = /* @__PURE__ */ (() => {
  class BashSession2 {
    constructor(dir, env = scrubbedShellEnv()) {
      _BashSession_instances.add(this), _BashSession_proc.set(this, void 0), _BashSession_buf.set(this, ""), _BashSession_truncated.set(this, !1), _BashSession_closed.set(this, !1), _BashSession_waiting.set(this, null), __classPrivateFieldSet(this, _BashSession_proc, cp.spawn("/bin/bash", ["--noprofile", "--norc"], {
        cwd: dir,
        // `env` is the full base environment (the scrubbed process env by
        // default, or the verbatim replacement from `AgentToolContext.env`).
        // PS1/PS2/TERM are shell-control settings BashSession always applies so
        // the pipe-based sentinel exec parsing works — not part of the
        // user-facing environment.
        env: { ...env, PS1: "", PS2: "", TERM: "dumb" },
        stdio: ["pipe", "pipe", "pipe"],
        detached: !0
      }), "f"), __classPrivateFieldGet(this, _BashSession_proc, "f").stdout.setEncoding("utf8"), __classPrivateFieldGet(this, _BashSession_proc, "f").stderr.setEncoding("utf8"), __classPrivateFieldGet(this, _BashSession_proc, "f").stdout.on("data", (d) => __classPrivateFieldGet(this, _BashSession_instances, "m", _BashSession_append).call(this, d)), __classPrivateFieldGet(this, _BashSession_proc, "f").stderr.on("data", (d) => __classPrivateFieldGet(this, _BashSession_instances, "m", _BashSession_append).call(this, d)), __classPrivateFieldGet(this, _BashSession_proc, "f").once("close", () => {
        __classPrivateFieldSet(this, _BashSession_closed, !0, "f");
        let w = __classPrivateFieldGet(this, _BashSession_waiting, "f");
        __classPrivateFieldSet(this, _BashSession_waiting, null, "f"), w?.resolve();
      });
    }
    /** Whether the underlying shell process has exited. */
    get closed() {
      return __classPrivateFieldGet(this, _BashSession_closed, "f");
    }
    async exec(command, opts = {}) {
      if (__classPrivateFieldGet(this, _BashSession_closed, "f"))
        throw new AnthropicError("bash session terminated");
      let timeoutMs = opts.timeoutMs ?? BASH_DEFAULT_TIMEOUT_MS, signal = opts.signal;
      signal?.throwIfAborted(), __classPrivateFieldSet(this, _BashSession_buf, "", "f"), __classPrivateFieldSet(this, _BashSession_truncated, !1, "f");
      let sentinel = `__ANT_CMD_${crypto2.randomUUID()}_DONE__`, sentinelSplit = `${sentinel.slice(0, 8)}''${sentinel.slice(8)}`, wrapped = `{ ${command}
} </dev/null 2>&1; printf '\\n${sentinelSplit}%d\\n' $?
`;
      if (__classPrivateFieldGet(this, _BashSession_proc, "f").stdin.write(wrapped), __classPrivateFieldGet(this, _BashSession_buf, "f").indexOf(sentinel) < 0) {
        let { promise: sentinelSeen, resolve: resolve2 } = promiseWithResolvers();
        __classPrivateFieldSet(this, _BashSession_waiting, { sentinel, resolve: resolve2 }, "f");
        let timer, onAbort;
        try {
          await Promise.race([
            sentinelSeen,
            new Promise((_, reject) => {
              timer = setTimeout(() => reject(new BashTimeoutError(timeoutMs)), timeoutMs);
            }),
            new Promise((_, reject) => {
              signal && (onAbort = () => reject(signal.reason), signal.addEventListener("abort", onAbort, { once: !0 }));
            })
          ]);
        } finally {
          timer && clearTimeout(timer), onAbort && signal && signal.removeEventListener("abort", onAbort), __classPrivateFieldSet(this, _BashSession_waiting, null, "f");
        }
      }
      let idx = __classPrivateFieldGet(this, _BashSession_buf, "f").indexOf(sentinel);
      if (idx < 0)
        throw new AnthropicError("bash session terminated");
      let m = __classPrivateFieldGet(this, _BashSession_buf, "f").slice(idx + sentinel.length).match(/^(-?\d+)/), exitCode = m ? parseInt(m[1], 10) : -1, out = __classPrivateFieldGet(this, _BashSession_buf, "f").slice(0, idx).replace(ANSI_RE, "").replace(/\n+$/, "");
      return __classPrivateFieldGet(this, _BashSession_truncated, "f") && (out = `[output truncated]
${out}`), { output: out, exitCode };
    }
    close() {
      if (__classPrivateFieldGet(this, _BashSession_closed, "f"))
        return;
      __classPrivateFieldSet(this, _BashSession_closed, !0, "f");
      let w = __classPrivateFieldGet(this, _BashSession_waiting, "f");
      __classPrivateFieldSet(this, _BashSession_waiting, null, "f"), w?.resolve(), __classPrivateFieldGet(this, _BashSession_proc, "f").stdout.destroy(), __classPrivateFieldGet(this, _BashSession_proc, "f").stderr.destroy(), __classPrivateFieldGet(this, _BashSession_proc, "f").stdin.destroy();
      try {
        process.kill(-__classPrivateFieldGet(this, _BashSession_proc, "f").pid, "SIGKILL");
      } catch {
        __classPrivateFieldGet(this, _BashSession_proc, "f").kill("SIGKILL");
      }
      __classPrivateFieldGet(this, _BashSession_proc, "f").unref();
    }
  }
  return _BashSession_proc = /* @__PURE__ */ new WeakMap(), _BashSession_buf = /* @__PURE__ */ new WeakMap(), _BashSession_truncated = /* @__PURE__ */ new WeakMap(), _BashSession_closed = /* @__PURE__ */ new WeakMap(), _BashSession_waiting = /* @__PURE__ */ new WeakMap(), _BashSession_instances = /* @__PURE__ */ new WeakSet(), _BashSession_append = function(d) {
    if (__classPrivateFieldSet(this, _BashSession_buf, __classPrivateFieldGet(this, _BashSession_buf, "f") + d, "f"), __classPrivateFieldGet(this, _BashSession_buf, "f").length > BASH_OUTPUT_LIMIT && (__classPrivateFieldSet(this, _BashSession_buf, __classPrivateFieldGet(this, _BashSession_buf, "f").slice(__classPrivateFieldGet(this, _BashSession_buf, "f").length - BASH_OUTPUT_LIMIT), "f"), __classPrivateFieldSet(this, _BashSession_truncated, !0, "f")), __classPrivateFieldGet(this, _BashSession_waiting, "f") && __classPrivateFieldGet(this, _BashSession_buf, "f").indexOf(__classPrivateFieldGet(this, _BashSession_waiting, "f").sentinel) >= 0) {
      let w = __classPrivateFieldGet(this, _BashSession_waiting, "f");
      __classPrivateFieldSet(this, _BashSession_waiting, null, "f"), w.resolve();
    }
  }, BashSession2;
})();
function betaBashTool(ctx) {
  rejectUnrestrictedPaths(ctx.unrestrictedPaths);
  let session, tail = Promise.resolve();
  return betaTool({
    name: "bash",
    description: "Run a bash command in a persistent shell. State (cwd, env vars) persists across calls.",
    inputSchema: {
      type: "object",
      properties: {
        command: { type: "string", description: "The command to run" },
        restart: { type: "boolean", description: "Restart the persistent shell before running" },
        timeout_ms: { type: "integer", description: "Per-call timeout in milliseconds" }
      }
    },
    run: async ({ command, restart, timeout_ms }, context) => {
      let prev = tail, gate = promiseWithResolvers();
      tail = gate.promise;
      try {
        await prev;
      } catch {
      }
      try {
        if (restart && (session?.close(), session = void 0), !command) {
          if (restart)
            return "bash session restarted";
          throw new ToolError("bash: command is required");
        }
        session ?? (session = new BashSession(ctx.workdir, ctx.env));
        try {
          let { output, exitCode } = await session.exec(command, {
            timeoutMs: timeout_ms ?? BASH_DEFAULT_TIMEOUT_MS,
            signal: context?.signal
          });
          if (exitCode !== 0)
            throw new ToolError(output || `exit ${exitCode}`);
          return output;
        } catch (e) {
          throw e instanceof ToolError ? e : (session.close(), session = void 0, new ToolError(`bash: ${e instanceof Error ? e.message : String(e)}`));
        }
      } finally {
        gate.resolve();
      }
    },
    close: () => {
      session?.close(), session = void 0;
    }
  });
}
function betaReadTool(ctx) {
  return rejectUnrestrictedPaths(ctx.unrestrictedPaths), betaTool({
    name: "read",
    description: "Read a UTF-8 text file relative to the workdir.",
    inputSchema: {
      type: "object",
      properties: {
        file_path: { type: "string" },
        view_range: {
          type: "array",
          items: { type: "integer" },
          description: "[start_line, end_line] 1-indexed inclusive"
        }
      },
      required: ["file_path"]
    },
    run: async ({ file_path, view_range }) => {
      if (!file_path)
        throw new ToolError("read: file_path is required");
      let abs = await resolvePath(ctx, file_path);
      if (view_range?.length && view_range.length !== 2)
        throw new ToolError("read: view_range must be [start_line, end_line]");
      let data;
      try {
        let st = await fs4.stat(abs);
        if (!st.isFile())
          throw new ToolError(`read: ${file_path} is not a regular file`);
        let limit = resolveMaxBytes(ctx.maxFileBytes);
        if (limit !== null && st.size > limit) {
          if (!view_range?.length)
            throw new ToolError(`read: ${file_path} is ${st.size} bytes, exceeds ${limit}-byte limit. Use the view_range parameter to read specific line ranges, e.g. view_range: [1, 500].`);
          let [startLine2, endLine2] = view_range;
          return await readRangeStreaming(abs, file_path, startLine2, endLine2, limit);
        }
        data = await fs4.readFile(abs, "utf8");
      } catch (e) {
        throw e instanceof ToolError ? e : new ToolError(`read: ${fsErrorMessage(e, file_path)}`);
      }
      if (!view_range?.length)
        return data;
      let [startLine, endLine] = view_range, lines = data.split(`
`), start = Math.max(0, startLine - 1), end = endLine > 0 ? endLine : lines.length;
      return lines.slice(start, end).join(`
`);
    }
  });
}
async function readRangeStreaming(abs, filePath, startLine, endLine, limit) {
  let lines = new LineRangeCollector(filePath, startLine, endLine, limit);
  if (lines.rangeIsEmpty())
    return "";
  let stream2 = fssync.createReadStream(abs, { highWaterMark: READ_STREAM_CHUNK_BYTES });
  try {
    for await (let chunk of stream2)
      if (lines.collectFrom(chunk), lines.rangeIsCollected())
        break;
  } finally {
    stream2.destroy();
  }
  return lines.text();
}
var LineRangeCollector = /* @__PURE__ */ (() => {
  class LineRangeCollector2 {
    constructor(filePath, startLine, endLine, limit) {
      _LineRangeCollector_instances.add(this), _LineRangeCollector_filePath.set(this, void 0), _LineRangeCollector_startLine.set(this, void 0), _LineRangeCollector_endLine.set(this, void 0), _LineRangeCollector_start.set(this, void 0), _LineRangeCollector_end.set(this, void 0), _LineRangeCollector_limit.set(this, void 0), _LineRangeCollector_line.set(this, 0), _LineRangeCollector_collected.set(this, []), _LineRangeCollector_collectedBytes.set(this, 0), __classPrivateFieldSet(this, _LineRangeCollector_filePath, filePath, "f"), __classPrivateFieldSet(this, _LineRangeCollector_startLine, startLine, "f"), __classPrivateFieldSet(this, _LineRangeCollector_endLine, endLine, "f"), __classPrivateFieldSet(this, _LineRangeCollector_start, Math.max(0, startLine - 1), "f"), __classPrivateFieldSet(this, _LineRangeCollector_end, endLine > 0 ? endLine : 1 / 0, "f"), __classPrivateFieldSet(this, _LineRangeCollector_limit, limit, "f");
    }
    rangeIsEmpty() {
      return __classPrivateFieldGet(this, _LineRangeCollector_end, "f") <= __classPrivateFieldGet(this, _LineRangeCollector_start, "f");
    }
    rangeIsCollected() {
      return __classPrivateFieldGet(this, _LineRangeCollector_line, "f") >= __classPrivateFieldGet(this, _LineRangeCollector_end, "f");
    }
    collectFrom(chunk) {
      var _a;
      let lineStart = 0;
      for (; lineStart < chunk.length && !this.rangeIsCollected(); ) {
        let newline = chunk.indexOf(10, lineStart), lineEnd = newline < 0 ? chunk.length : newline;
        if (__classPrivateFieldGet(this, _LineRangeCollector_line, "f") >= __classPrivateFieldGet(this, _LineRangeCollector_start, "f") && __classPrivateFieldGet(this, _LineRangeCollector_instances, "m", _LineRangeCollector_collect).call(this, chunk.subarray(lineStart, lineEnd), newline >= 0), newline < 0)
          break;
        __classPrivateFieldSet(this, _LineRangeCollector_line, (_a = __classPrivateFieldGet(this, _LineRangeCollector_line, "f"), _a++, _a), "f"), lineStart = newline + 1;
      }
    }
    text() {
      return Buffer.concat(__classPrivateFieldGet(this, _LineRangeCollector_collected, "f"), __classPrivateFieldGet(this, _LineRangeCollector_collectedBytes, "f")).toString("utf8");
    }
  }
  return _LineRangeCollector_filePath = /* @__PURE__ */ new WeakMap(), _LineRangeCollector_startLine = /* @__PURE__ */ new WeakMap(), _LineRangeCollector_endLine = /* @__PURE__ */ new WeakMap(), _LineRangeCollector_start = /* @__PURE__ */ new WeakMap(), _LineRangeCollector_end = /* @__PURE__ */ new WeakMap(), _LineRangeCollector_limit = /* @__PURE__ */ new WeakMap(), _LineRangeCollector_line = /* @__PURE__ */ new WeakMap(), _LineRangeCollector_collected = /* @__PURE__ */ new WeakMap(), _LineRangeCollector_collectedBytes = /* @__PURE__ */ new WeakMap(), _LineRangeCollector_instances = /* @__PURE__ */ new WeakSet(), _LineRangeCollector_collect = function(lineBytes, newlineTerminated) {
    if (__classPrivateFieldGet(this, _LineRangeCollector_collected, "f").push(lineBytes), __classPrivateFieldSet(this, _LineRangeCollector_collectedBytes, __classPrivateFieldGet(this, _LineRangeCollector_collectedBytes, "f") + lineBytes.length, "f"), newlineTerminated && __classPrivateFieldGet(this, _LineRangeCollector_line, "f") + 1 < __classPrivateFieldGet(this, _LineRangeCollector_end, "f") && (__classPrivateFieldGet(this, _LineRangeCollector_collected, "f").push(NEWLINE), __classPrivateFieldSet(this, _LineRangeCollector_collectedBytes, __classPrivateFieldGet(this, _LineRangeCollector_collectedBytes, "f") + NEWLINE.length, "f")), __classPrivateFieldGet(this, _LineRangeCollector_collectedBytes, "f") > __classPrivateFieldGet(this, _LineRangeCollector_limit, "f"))
      throw __classPrivateFieldGet(this, _LineRangeCollector_instances, "m", _LineRangeCollector_overLimitError).call(this);
  }, _LineRangeCollector_overLimitError = function() {
    return __classPrivateFieldGet(this, _LineRangeCollector_end, "f") - __classPrivateFieldGet(this, _LineRangeCollector_start, "f") === 1 ? new ToolError(`read: line ${__classPrivateFieldGet(this, _LineRangeCollector_start, "f") + 1} of ${__classPrivateFieldGet(this, _LineRangeCollector_filePath, "f")} alone exceeds ${__classPrivateFieldGet(this, _LineRangeCollector_limit, "f")}-byte limit. The read tool cannot return part of a line, so view_range cannot narrow this further.`) : new ToolError(`read: view_range [${__classPrivateFieldGet(this, _LineRangeCollector_startLine, "f")}, ${__classPrivateFieldGet(this, _LineRangeCollector_endLine, "f")}] of ${__classPrivateFieldGet(this, _LineRangeCollector_filePath, "f")} exceeds ${__classPrivateFieldGet(this, _LineRangeCollector_limit, "f")}-byte limit. Narrow the view_range to read a smaller portion.`);
  }, LineRangeCollector2;
})();
function betaWriteTool(ctx) {
  return rejectUnrestrictedPaths(ctx.unrestrictedPaths), betaTool({
    name: "write",
    description: "Write a UTF-8 text file relative to the workdir, creating parent directories as needed.",
    inputSchema: {
      type: "object",
      properties: { file_path: { type: "string" }, content: { type: "string" } },
      required: ["file_path", "content"]
    },
    run: async ({ file_path, content }) => {
      if (!file_path)
        throw new ToolError("write: file_path is required");
      let abs = await resolvePath(ctx, file_path), ro = await readOnlyRootFor(ctx, abs);
      if (ro !== void 0)
        throw new ToolError(`write: ${file_path} is inside read-only directory ${ro}`);
      try {
        await fs4.mkdir(path2.dirname(abs), { recursive: !0, mode: DIR_CREATE_MODE }), await atomicWriteFile(abs, content ?? "");
      } catch (e) {
        throw new ToolError(`write: ${fsErrorMessage(e, file_path)}`);
      }
      return `wrote ${Buffer.byteLength(content ?? "")} bytes to ${file_path}`;
    }
  });
}
function betaEditTool(ctx) {
  return rejectUnrestrictedPaths(ctx.unrestrictedPaths), betaTool({
    name: "edit",
    description: "Replace old_string with new_string in a file. old_string must be unique unless replace_all.",
    inputSchema: {
      type: "object",
      properties: {
        file_path: { type: "string" },
        old_string: { type: "string" },
        new_string: { type: "string" },
        replace_all: { type: "boolean" }
      },
      required: ["file_path", "old_string", "new_string"]
    },
    run: async ({ file_path, old_string, new_string, replace_all }) => {
      if (!file_path)
        throw new ToolError("edit: file_path is required");
      if (!old_string)
        throw new ToolError("edit: old_string is required");
      let abs = await resolvePath(ctx, file_path), ro = await readOnlyRootFor(ctx, abs);
      if (ro !== void 0)
        throw new ToolError(`edit: ${file_path} is inside read-only directory ${ro}`);
      let data;
      try {
        let st = await fs4.stat(abs);
        if (!st.isFile())
          throw new ToolError(`edit: ${file_path} is not a regular file`);
        let limit = resolveMaxBytes(ctx.maxFileBytes);
        if (limit !== null && st.size > limit)
          throw new ToolError(`edit: ${file_path} is ${st.size} bytes, exceeds ${limit}-byte limit. The edit tool loads the whole file and cannot modify a file this large.`);
        data = await fs4.readFile(abs, "utf8");
      } catch (e) {
        throw e instanceof ToolError ? e : new ToolError(`edit: ${fsErrorMessage(e, file_path)}`);
      }
      let count = data.split(old_string).length - 1;
      if (count === 0)
        throw new ToolError(`edit: old_string not found in ${file_path}`);
      let updated;
      if (replace_all)
        updated = data.split(old_string).join(new_string);
      else {
        if (count > 1)
          throw new ToolError(`edit: old_string appears ${count} times in ${file_path} (must be unique)`);
        updated = data.replace(old_string, () => new_string);
      }
      try {
        await atomicWriteFile(abs, updated);
      } catch (e) {
        throw new ToolError(`edit: write: ${fsErrorMessage(e, file_path)}`);
      }
      return `edited ${file_path} (${replace_all ? count : 1} replacement(s))`;
    }
  });
}
function patternCanAscend(pattern) {
  return pattern.split(/[\\/{},]/).includes("..");
}
function betaGlobTool(ctx) {
  return rejectUnrestrictedPaths(ctx.unrestrictedPaths), betaTool({
    name: "glob",
    description: "Match files under the workdir against a glob pattern. Results are mtime-sorted, newest first.",
    inputSchema: {
      type: "object",
      properties: {
        pattern: { type: "string" },
        path: { type: "string", description: "Directory to search in. Defaults to the workdir." }
      },
      required: ["pattern"]
    },
    run: async ({ pattern, path: searchPath }) => {
      if (!pattern)
        throw new ToolError("glob: pattern is required");
      if (path2.isAbsolute(pattern))
        throw new ToolError("glob: absolute pattern not permitted; pass a relative pattern (and optionally path)");
      if (patternCanAscend(pattern))
        throw new ToolError('glob: ".." is not permitted in the pattern');
      let root = searchPath ? await resolvePath(ctx, searchPath) : path2.resolve(ctx.workdir), realRoot = searchPath ? root : await canonicalize(root), matches = [], remaining = WALK_MAX_ENTRIES;
      try {
        for await (let entry of fsGlob(pattern, {
          cwd: root,
          withFileTypes: !0,
          exclude: (d) => d.name === ".git" || d.name === "node_modules"
        })) {
          if (remaining-- <= 0)
            break;
          if (!entry.isFile())
            continue;
          let full = path2.join(entry.parentPath, entry.name), real;
          try {
            real = await fs4.realpath(full);
          } catch {
            continue;
          }
          if (!isWithin(realRoot, real))
            continue;
          let mtime = 0;
          try {
            mtime = (await fs4.stat(full)).mtimeMs;
          } catch {
          }
          matches.push({ path: full, mtime });
        }
      } catch (e) {
        throw new ToolError(`glob: ${e instanceof Error ? e.message : String(e)}`);
      }
      return matches.length === 0 ? "no matches" : (matches.sort((a, b) => b.mtime - a.mtime), matches.slice(0, GLOB_RESULT_LIMIT).map((m) => m.path).join(`
`));
    }
  });
}
function betaGrepTool(ctx) {
  return rejectUnrestrictedPaths(ctx.unrestrictedPaths), betaTool({
    name: "grep",
    description: "Search file contents for a regex. Uses ripgrep if available, otherwise a built-in walker.",
    inputSchema: {
      type: "object",
      properties: { pattern: { type: "string" }, path: { type: "string" } },
      required: ["pattern"]
    },
    run: async ({ pattern, path: p }, context) => {
      if (!pattern)
        throw new ToolError("grep: pattern is required");
      let searchPath = path2.resolve(ctx.workdir);
      p && (searchPath = await resolvePath(ctx, p));
      let rg = await findExecutable("rg", [ctx.workdir, ...ctx.allowedRoots ?? []]);
      return rg ? runRipgrep(rg, pattern, searchPath, context?.signal) : runWalkGrep(pattern, searchPath, context?.signal);
    }
  });
}
function runRipgrep(rg, pattern, searchPath, signal) {
  return new Promise((resolve2, reject) => {
    let proc = cp.spawn(rg, ["--no-config", "-n", "--no-heading", "-e", pattern, "--", searchPath], {
      // A link called `rg` may lead to a program that goes by the name it was started under.
      argv0: "rg",
      env: scrubbedShellEnv(),
      ...signal ? { signal } : {}
    }), out = "", errOut = "", truncated = !1;
    proc.stdout.on("data", (d) => {
      truncated || (out += d, out.length > GREP_OUTPUT_LIMIT && (truncated = !0, out = out.slice(0, GREP_OUTPUT_LIMIT), proc.kill("SIGKILL")));
    }), proc.stderr.on("data", (d) => errOut += d), proc.on("close", (code) => {
      if (signal?.aborted)
        return reject(new ToolError("grep: aborted"));
      if (truncated)
        return resolve2(out + `
[output truncated at ${GREP_OUTPUT_LIMIT} bytes]`);
      if (code === 0)
        return resolve2(out);
      if (code === 1)
        return resolve2("no matches");
      reject(new ToolError(`grep: rg failed: ${errOut || `exit ${code}`}`));
    }), proc.on("error", (e) => {
      if (signal?.aborted)
        return reject(new ToolError("grep: aborted"));
      reject(new ToolError(`grep: rg failed: ${e.message}`));
    });
  });
}
var grepSlots = new AsyncQueue();
for (let i = 0; i < GREP_MAX_SEARCHES; i++)
  grepSlots.push();
async function runWalkGrep(pattern, root, signal) {
  let re;
  try {
    re = new RegExp(pattern);
  } catch (e) {
    throw new ToolError(`grep: invalid regex: ${e instanceof Error ? e.message : String(e)}`);
  }
  if (signal?.aborted)
    throw new ToolError("grep: aborted");
  let { done } = await grepSlots.next(signal ?? void 0);
  if (done)
    throw new ToolError("grep: aborted");
  let hits = [], budget = GREP_OUTPUT_LIMIT, push = (line) => (budget -= line.length + 1, budget < 0 ? (hits.push(`[output truncated at ${GREP_OUTPUT_LIMIT} bytes]`), !1) : (hits.push(line), !0)), stop = new AbortController(), unlink = linkAbort(signal, stop), timer = setTimeout(() => stop.abort(), GREP_TIMEOUT_MS), match = lineMatcher(re, stop.signal), grepPath = (rel) => grepFile(path2.join(root, rel), match, push, stop.signal), search = async () => (await fs4.stat(root).catch(() => null))?.isFile() ? grepPath("") : walk2(root, "", grepPath, stop.signal);
  try {
    if (await Promise.race([search(), once(stop.signal, "abort")]), signal?.aborted)
      throw new ToolError("grep: aborted");
    if (stop.signal.aborted) {
      if (hits.length === 0)
        throw new ToolError(`grep: timed out after ${GREP_TIMEOUT_MS / 1e3}s`);
      hits.push(`[the search was cut short after ${GREP_TIMEOUT_MS} ms]`);
    }
  } finally {
    clearTimeout(timer), unlink(), stop.abort(), grepSlots.push();
  }
  return hits.length === 0 ? "no matches" : hits.join(`
`);
}
async function grepFile(file, match, push, signal) {
  let stream2 = fssync.createReadStream(file, { encoding: "utf8" });
  stream2.on("error", () => {
  });
  let rl = readline.createInterface({ input: stream2, crlfDelay: 1 / 0, signal });
  stream2.on("data", (chunk) => {
    chunk.includes("\0") && rl.close();
  });
  try {
    for await (let { numbers, lines } of lineBatches(rl)) {
      let matched = await match(lines);
      for (let [i, line] of lines.entries())
        if (matched[i] && !push(`${file}:${numbers[i]}:${line}`))
          return !1;
      if (matched.length < lines.length)
        break;
    }
  } finally {
    rl.close(), stream2.destroy();
  }
  return !0;
}
async function* lineBatches(input) {
  let i = 0, numbers = [], lines = [];
  try {
    for await (let line of input)
      i++, !(line.length > GREP_MAX_LINE_LENGTH) && (numbers.push(i), !(lines.push(line) < GREP_BATCH_LINES) && (yield { numbers, lines }, numbers = [], lines = []));
  } catch {
  }
  lines.length > 0 && (yield { numbers, lines });
}
function lineMatcher(re, signal) {
  let reply = promiseWithResolvers(), fail = (cause) => {
    reply.promise.catch(() => {
    }), reply.reject(Object.assign(new ToolError(`grep: search failed: ${cause.message}`), { cause }));
  }, start = async () => {
    try {
      let worker = new Worker(GREP_WORKER_SOURCE, {
        eval: !0,
        workerData: re.source,
        // keep this process's credentials and preloads out of the thread
        env: {},
        execArgv: [],
        // otherwise a thread that can't start leaks listeners on this process's streams
        stdout: !0,
        stderr: !0,
        // the default stack is smaller than the main thread's, and V8 crashes compiling a deeply nested regex on it
        resourceLimits: { stackSizeMb: 8 }
      });
      return signal.addEventListener("abort", () => {
        worker.terminate();
      }, { once: !0 }), worker.on("message", (matched) => {
        reply.resolve(matched), reply = promiseWithResolvers();
      }), worker.on("error", fail), worker.on("exit", (code) => fail(new AnthropicError(`worker exited with code ${code}`))), await reply.promise, worker;
    } catch {
      return null;
    }
  }, starting;
  return async (lines) => {
    if (signal.aborted)
      return [];
    let worker = await (starting ?? (starting = start()));
    if (signal.aborted)
      return [];
    if (worker)
      return worker.postMessage(lines), reply.promise;
    let matched = [];
    try {
      for (let line of lines)
        matched.push(re.test(line));
    } catch {
    }
    return matched;
  };
}
var GREP_WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
let re;
parentPort.on('message', (lines) => {
  re ??= new RegExp(workerData);
  const matched = [];
  try {
    for (const line of lines) matched.push(re.test(line));
  } catch {}
  parentPort.postMessage(matched);
});
parentPort.postMessage([]);
`, WALK_MAX_DEPTH = 40, WALK_MAX_ENTRIES = 5e4;
async function walk2(root, rel, fn, signal) {
  let remaining = WALK_MAX_ENTRIES;
  async function inner(rel2, depth) {
    if (depth > WALK_MAX_DEPTH)
      return !0;
    if (signal?.aborted)
      return !1;
    let entries;
    try {
      entries = await fs4.readdir(path2.join(root, rel2), { withFileTypes: !0 });
    } catch {
      return !0;
    }
    for (let e of entries) {
      if (e.name === ".git" || e.name === "node_modules")
        continue;
      if (remaining-- <= 0 || signal?.aborted)
        return !1;
      let childRel = rel2 ? path2.join(rel2, e.name) : e.name;
      if (e.isDirectory()) {
        if (!await inner(childRel, depth + 1))
          return !1;
      } else if (e.isFile() && await fn(childRel) === !1)
        return !1;
    }
    return !0;
  }
  await inner(rel, 0);
}
export {
  BashSession,
  BashTimeoutError,
  DEFAULT_MEMORY_SYNC_INTERVAL_MS,
  MARKER_PATH,
  MEMORY_FLUSH_TIMEOUT_MS,
  MIN_MEMORY_SYNC_INTERVAL_MS,
  SessionMemoryError,
  SessionMemoryStores,
  betaAgentToolset20260401,
  betaBashTool,
  betaEditTool,
  betaGlobTool,
  betaGrepTool,
  betaReadTool,
  betaWriteTool,
  extractSkillArchive,
  resolvePath,
  setupSkills
};

// Reading state back through the contract: GET of a file or folder, the lists of a
// folder's children, a create's Location.
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { type ClientRequest, request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import type { VaultClient } from "@vault/client";
import type { Harness } from "./server.js";

export const sha256 = (bytes: Uint8Array | string) => createHash("sha256").update(bytes).digest("hex");

/** The path of a create's `Location` (an absolute URL under the server's address). */
export const locationPath = (response: Response) => new URL(response.headers.get("location") ?? "").pathname;

/**
 * Opens a multipart PUT of the first user's file that announces `contentLength` bytes and
 * writes the file part's head; the caller writes the bytes, or never does.
 */
export function openRawUpload(h: Harness, contentLength: number, filename: string): ClientRequest {
  const req = request(`${h.url}/evault/v1/files/${h.users[0].file_id}/`, {
    method: "PUT",
    headers: {
      "api-key": h.users[0].api_key,
      "content-type": `multipart/form-data; boundary=${RAW_BOUNDARY}`,
      "content-length": String(contentLength),
    },
  });
  req.on("error", () => {});
  req.write(rawUploadHead(filename));
  return req;
}

/** The boundary of `openRawUpload`'s form. */
export const RAW_BOUNDARY = "raw-upload-boundary";

/** What `openRawUpload` sends before the file's bytes. */
export const rawUploadHead = (filename: string) =>
  `--${RAW_BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
  "Content-Type: application/octet-stream\r\n\r\n";

const MiB = 1024 * 1024;

/**
 * Starts a multipart upload of `mebibytes` MiB that never finishes on its own; resolves once
 * it is under way. This one never completes, so it has no response to check.
 */
export function hangingUpload(h: Harness, mebibytes: number) {
  const req = openRawUpload(h, mebibytes * MiB + 1000, "crash.bin");
  const chunk = Buffer.alloc(MiB, 7);
  const write = async () => {
    for (let n = 0; n < mebibytes; n++) {
      if (!req.write(chunk)) await new Promise((drained) => req.once("drain", drained));
    }
  };
  return { written: write().catch(() => {}), abort: () => req.destroy() };
}

/** One of the caller's files as the contract's File, read back with GET. */
export async function inspectFile(client: VaultClient, fileId: string) {
  const { data, response } = await client.GET("/evault/v1/files/{id}/", { params: { path: { id: fileId } } });
  if (!data) throw new Error(`GET of file ${fileId} answered ${response.status}`);
  return data;
}

/** Every item of a list, following its pages. */
export async function everything<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

/** One of the caller's folders, read back with GET, with the ids of its direct children from the lists. */
export async function inspectFolder(client: VaultClient, folderId: string) {
  const { data, response } = await client.GET("/evault/v1/folders/{id}/", { params: { path: { id: folderId } } });
  if (!data) throw new Error(`GET of folder ${folderId} answered ${response.status}`);
  const files = await everything(client.paginate("/evault/v1/files/", { folder: folderId }));
  const folders = await everything(client.paginate("/evault/v1/folders/", { parent: folderId }));
  return { ...data, fileIds: files.map((f) => f.id), folderIds: folders.map((f) => f.id) };
}

/** The bytes of one of the caller's files, by download. */
export async function download(client: VaultClient, fileId: string): Promise<Buffer> {
  const { data, response } = await client.GET("/evault/v1/files/{id}/content/", {
    params: { path: { id: fileId } },
    parseAs: "arrayBuffer",
  });
  if (!response.ok) throw new Error(`download of ${fileId} answered ${response.status}`);
  // openapi-fetch gives no data for an empty (Content-Length: 0) body.
  return Buffer.from(data ?? new ArrayBuffer(0));
}

/** What `curl` with no headers of its own gets at `url`: the status, the headers (lower-case names) and the body. */
export async function curl(url: string, ...options: string[]) {
  const args = ["-sS", "--max-time", "20", "--include", ...options, url];
  const { stdout } = await promisify(execFile)("curl", args, { encoding: "buffer", maxBuffer: 1 << 26 });
  const end = stdout.indexOf("\r\n\r\n");
  const [statusLine = "", ...lines] = stdout.subarray(0, end).toString("latin1").split("\r\n");
  const headers = Object.fromEntries(
    lines.map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]),
  );
  return { status: Number(statusLine.split(" ")[1]), headers, body: stdout.subarray(end + 4) };
}

/** What Python's zipfile reads in an archive: per entry its name, size, method, UTF-8 flag, DOS time and bytes. */
const PYTHON_LIST = `import base64, json, sys, zipfile
z = zipfile.ZipFile(sys.argv[1])
print(json.dumps([[i.filename, i.file_size, i.compress_type, bool(i.flag_bits & 0x800), list(i.date_time),
  base64.b64encode(z.read(i)).decode()] for i in z.infolist()]))`;

/** Tests an archive with Info-ZIP's `unzip -t` and Python's `zipfile -t`, then lists it as Python reads it. */
export async function checkedZip(bytes: Buffer) {
  const dir = mkdtempSync(join(tmpdir(), "vault-archive-"));
  try {
    const file = join(dir, "archive.zip");
    writeFileSync(file, bytes);
    await promisify(execFile)("unzip", ["-tqq", file]);
    await promisify(execFile)("python3", ["-m", "zipfile", "-t", file]);
    const { stdout } = await promisify(execFile)("python3", ["-c", PYTHON_LIST, file], { maxBuffer: 1 << 26 });
    return (JSON.parse(stdout) as [string, number, number, boolean, number[], string][]).map(
      ([name, size, method, utf8, time, content]) => ({
        name,
        size,
        method,
        utf8,
        time,
        content: Buffer.from(content, "base64"),
      }),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface TreeNode {
  id: string;
  name: string;
  description: string;
  is_starred: boolean;
  files_count: number;
  folders_count: number;
  file_size: number;
  files: { id: string; name: string | null | undefined; hash: string | null; file_size: number }[];
  folders: TreeNode[];
}

/** A folder's whole visible subtree, children sorted by name, as its owner sees it. */
export async function walk(client: VaultClient, folderId: string): Promise<TreeNode> {
  const folder = await inspectFolder(client, folderId);
  const files = [];
  for (const id of folder.fileIds) {
    const { name, hash, file_size } = await inspectFile(client, id);
    files.push({ id, name, hash, file_size });
  }
  const folders = [];
  for (const id of folder.folderIds) folders.push(await walk(client, id));
  const byName = (a: { name?: string | null }, b: { name?: string | null }) =>
    (a.name ?? "").localeCompare(b.name ?? "");
  return {
    id: folderId,
    name: folder.name,
    description: folder.description,
    is_starred: folder.is_starred,
    files_count: folder.files_count,
    folders_count: folder.folders_count,
    file_size: folder.file_size,
    files: files.sort(byName),
    folders: folders.sort(byName),
  };
}

/** Every id in a tree (folders and files). */
export const idsOf = (tree: TreeNode): string[] => [
  tree.id,
  ...tree.files.map((f) => f.id),
  ...tree.folders.flatMap(idsOf),
];

/** A tree without its ids, to compare a copy with its source. */
export const shapeOf = (tree: TreeNode): unknown =>
  JSON.parse(JSON.stringify(tree, (k, v) => (k === "id" ? undefined : v)));

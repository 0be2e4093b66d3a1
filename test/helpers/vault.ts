// Reading vault state through the contract: the API has no GET for files or folders,
// but a file share's file_detail / folder_detail shows any item its owner points it at.
import { createHash } from "node:crypto";
import { type ClientRequest, request } from "node:http";
import type { VaultClient } from "@vault/client";
import type { Harness } from "./server.js";

export const sha256 = (bytes: Uint8Array | string) => createHash("sha256").update(bytes).digest("hex");

/**
 * Opens a multipart PUT of the first user's file that announces `contentLength` bytes and
 * writes the file part's head; the caller writes the bytes, or never does.
 */
export function openRawUpload(h: Harness, contentLength: number, filename: string): ClientRequest {
  const boundary = "raw-upload-boundary";
  const req = request(`${h.url}/evault/v1/files/${h.users[0].file_id}/`, {
    method: "PUT",
    headers: {
      "api-key": h.users[0].api_key,
      "content-type": `multipart/form-data; boundary=${boundary}`,
      "content-length": String(contentLength),
    },
  });
  req.on("error", () => {});
  req.write(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
      "Content-Type: application/octet-stream\r\n\r\n",
  );
  return req;
}

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

async function pointShare(client: VaultClient, shareId: string, body: { file: string } | { folder: string }) {
  const { data, response } = await client.PATCH("/evault/v1/file_shares/{id}/", {
    params: { path: { id: shareId } },
    body,
  });
  if (!data) throw new Error(`pointing share ${shareId} at ${JSON.stringify(body)} answered ${response.status}`);
  return data;
}

/** One of the caller's files as the contract's File (points the caller's share at it). */
export async function inspectFile(client: VaultClient, shareId: string, fileId: string) {
  const { file_detail } = await pointShare(client, shareId, { file: fileId });
  if (!file_detail) throw new Error(`file ${fileId} has no detail`);
  return file_detail;
}

/** One of the caller's folders as a FolderDetail, with its child ids split into arrays. */
export async function inspectFolder(client: VaultClient, shareId: string, folderId: string) {
  const { folder_detail } = await pointShare(client, shareId, { folder: folderId });
  if (!folder_detail) throw new Error(`folder ${folderId} has no detail`);
  const ids = (list: string) => (list === "" ? [] : list.split(","));
  return { ...folder_detail, fileIds: ids(folder_detail.files), folderIds: ids(folder_detail.folders) };
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
export async function walk(client: VaultClient, shareId: string, folderId: string): Promise<TreeNode> {
  const folder = await inspectFolder(client, shareId, folderId);
  const files = [];
  for (const id of folder.fileIds) {
    const { name, hash, file_size } = await inspectFile(client, shareId, id);
    files.push({ id, name, hash, file_size });
  }
  const folders = [];
  for (const id of folder.folderIds) folders.push(await walk(client, shareId, id));
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

// Reading vault state through the contract: the API has no GET for files or folders,
// but a file share's file_detail / folder_detail shows any item its owner points it at.
import { createHash } from "node:crypto";
import type { VaultClient } from "@vault/client";

export const sha256 = (bytes: Uint8Array | string) => createHash("sha256").update(bytes).digest("hex");

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

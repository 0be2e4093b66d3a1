// The contract's resource shapes, which the domain's presenters produce.
import type { components } from "@vault/spec/schema";

type Schemas = components["schemas"];
export type ApiUser = Schemas["User"];
export type ApiTag = Schemas["Tag"];
export type TagInput = Schemas["TagInput"];
export type ApiBankAccount = Schemas["NgnBankAccount"];
export type BankAccountReplacement = Schemas["NgnBankAccountReplacement"];
export type ApiFile = Schemas["File"];
export type ApiFolder = Schemas["Folder"];
export type ApiFolderDetail = Schemas["FolderDetail"];
export type FolderInput = Schemas["FolderInput"];
export type FolderCreate = Schemas["FolderCreate"];
export type ApiFileShare = Schemas["FileShare"];
export type ApiFileShareEventObject = Schemas["FileShareEventObject"];
export type FileShareUpdate = Schemas["FileShareUpdate"];
export type FileShareCreate = Schemas["FileShareCreate"];
export type ApiBin = Schemas["Bin"];
export type ApiFileVersion = Schemas["FileVersion"];

/** All timestamps leave the service as UTC ISO 8601 with `Z`. */
export const iso = (date: Date) => date.toISOString();

/** One caller's write to one of its resources. */
export interface Write<Input> {
  userId: number;
  id: string;
  input: Input;
  /** The versions the caller would write over (`If-Match`): when given and none is current, nothing is written. */
  expectedVersions?: number[];
}

/** A resource with its version, the source of its ETag. */
export interface Versioned<T> {
  resource: T;
  version: number;
}

// A service moving from API v1 to v2 operation by operation: consumer.e2e.test.ts copies
// this file into the scratch project that has only the packed @vault/client, type-checks
// it and runs it against the real server. v2's user ids are strings.
import { createVaultClient } from "@vault/client";
import { createVaultClient as createV2Client, type FileShare } from "@vault/client/v2";

const env = (name: string): string => {
  const value = process.env[name];
  if (value === undefined) throw new Error(`${name} is not set`);
  return value;
};

const options = { baseUrl: env("VAULT_URL"), apiKey: env("VAULT_API_KEY") };
const v1 = createVaultClient(options);
const v2 = createV2Client(options);
// The same client as the main entry gives it for `version: "v2"`.
const alsoV2 = createVaultClient({ ...options, version: "v2" });

// Still on v1: integer user ids.
const shareId = env("VAULT_SHARE_ID");
const otherUser: number = Number(env("VAULT_OTHER_USER_ID"));
const inV1 = await v1.PATCH("/evault/v1/file_shares/{id}/", {
  params: { path: { id: shareId } },
  body: { users: [otherUser] },
});
if (!inV1.data) throw new Error(`v1 update failed: ${JSON.stringify(inV1.error)}`);
const v1Users: number[] = inV1.data.users ?? [];

// Moved to v2: string user ids and a list of addresses.
const inV2 = await v2.PATCH("/evault/v2/file_shares/{id}/", {
  params: { path: { id: shareId } },
  body: { users: [String(otherUser)], emails: ["accountant@example.com"] },
});
if (!inV2.data) throw new Error(`v2 update failed: ${JSON.stringify(inV2.error)}`);
const share: FileShare = inV2.data;
const owner: string = share.user.id;
const read = await alsoV2.GET("/evault/v2/file_shares/{id}/", { params: { path: { id: shareId } } });

console.log(
  JSON.stringify({
    v1: { status: inV1.response.status, users: v1Users, deprecation: inV1.response.headers.has("deprecation") },
    v2: { status: inV2.response.status, users: share.users, emails: share.emails, owner: typeof owner },
    read: read.data?.users,
  }),
);

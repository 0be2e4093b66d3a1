// A service that consumes the published client: consumer.e2e.test.ts copies this file
// into a scratch project that has only the packed @vault/client, typescript and
// @types/node installed, type-checks it and runs it against the real server.
import { createVaultClient, type Problem } from "@vault/client";
import { verifyWebhook, WebhookVerificationError } from "@vault/client/webhooks";

const env = (name: string): string => {
  const value = process.env[name];
  if (value === undefined) throw new Error(`${name} is not set`);
  return value;
};

const vault = createVaultClient({ baseUrl: env("VAULT_URL"), apiKey: env("VAULT_API_KEY") });

// A typed path and body: the account number and enums are checked at compile time.
const account = await vault.PUT("/banking/v1/ng/bank_accounts/{id}/", {
  params: { path: { id: env("VAULT_ACCOUNT_ID") } },
  body: { account_number: "0123456789", classification: "PERSONAL", status: "ACTIVE" },
});
if (!account.data) throw new Error(`update failed: ${JSON.stringify(account.error)}`);
const balance: string = account.data.naira_balance.amount;

// A typed error: every error is an RFC 9457 problem.
const missing = await vault.PUT("/banking/v1/ng/bank_accounts/{id}/", {
  params: { path: { id: "no-such-account" } },
  body: { account_number: "0123456789" },
});
const problem: Problem | undefined = missing.error;
if (!problem) throw new Error("expected a problem document");

// The multipart upload: a body holding a Blob is sent as multipart/form-data.
const upload = await vault.PUT("/evault/v1/files/{id}/", {
  params: { path: { id: env("VAULT_FILE_ID") } },
  body: { file: new File(["hello from a consumer\n"], "hello.txt"), name: "hello.txt", tags: ["consumer"] },
});
if (!upload.data) throw new Error(`upload failed: ${JSON.stringify(upload.error)}`);

// Every page of a list, typed by the list: the names of the caller's top-level folders.
const folderNames: string[] = [];
for await (const folder of vault.paginate("/evault/v1/folders/", { page_size: 1 })) folderNames.push(folder.name);

// A webhook whose signature is not the secret's is refused, as a typed error.
const webhook = (() => {
  const headers = {
    "webhook-id": "evt_1",
    "webhook-timestamp": String(Math.floor(Date.now() / 1000)),
    "webhook-signature": "v1,AAAA",
  };
  try {
    verifyWebhook("{}", headers, `whsec_${Buffer.alloc(24).toString("base64")}`);
    return "verified";
  } catch (err) {
    return err instanceof WebhookVerificationError ? "refused" : String(err);
  }
})();

console.log(
  JSON.stringify({
    webhook,
    folders: folderNames.sort(),
    account: { status: account.response.status, classification: account.data.classification, balance },
    error: { status: problem.status, type: problem.type },
    upload: {
      status: upload.response.status,
      size: upload.data.file_size,
      mimetype: upload.data.mimetype,
      tags: upload.data.tags,
    },
  }),
);

// Events (issue 28 §1-2): every write records exactly its event, in its own transaction,
// with the resource as the write answered it; a write refused records none; the log
// lists a caller's own events only, filtered and paged; old events are purged.

import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { isDeepStrictEqual } from "node:util";
import type { EventOf, VaultClient, VaultEvent } from "@vault/client";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { backends } from "./helpers/backends.js";
import { type Harness, type SeededUser, startHarness } from "./helpers/server.js";

/** Every event of the caller, newest first, following `next` to the end. */
async function allEvents(client: VaultClient, query: Record<string, unknown> = {}): Promise<VaultEvent[]> {
  const found: VaultEvent[] = [];
  for await (const event of client.paginate("/evault/v1/events/", { page_size: 200, ...query } as never)) {
    found.push(event as VaultEvent);
  }
  return found;
}

/** The fields of `after` that differ from `before`, with their values in `before` (null when absent). */
const changed = (before: object, after: object) =>
  Object.fromEntries(
    [...new Set([...Object.keys(before), ...Object.keys(after)])]
      .filter((k) => !isDeepStrictEqual((before as never)[k], (after as never)[k]))
      .map((k) => [k, (before as Record<string, unknown>)[k] ?? null]),
  );

/** A share as its events carry it: its answer without `link`, whose token opens what is shared. */
const withoutLink = (share: unknown) => {
  const { link: _, ...rest } = share as { link?: string };
  return rest;
};

/** The SQL of a migration of the server, by its file's name. */
const migration = (name: string) =>
  readFileSync(resolve(import.meta.dirname, "../apps/server/src/data/migrations", name), "utf8");

describe.each(backends)("events on $name", (backend) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(backend);
  });
  afterAll(() => h?.stop());

  const owner = () => h.users[0] as SeededUser;
  const other = () => h.users[1] as SeededUser;
  const client = () => h.client(owner().api_key);

  /** Runs `write` and answers the events it recorded (those the caller's log did not hold before), newest first. */
  async function eventsOf<T>(write: () => Promise<T>): Promise<{ result: T; made: VaultEvent[] }> {
    const before = new Set((await allEvents(client())).map((e) => e.id));
    const result = await write();
    const made = (await allEvents(client())).filter((e) => !before.has(e.id));
    return { result, made };
  }

  /** The one event `write` recorded, checked to be of `type` and read back by its id as listed. */
  async function oneEvent<T, Type extends VaultEvent["type"]>(
    type: Type,
    write: () => Promise<T>,
  ): Promise<{ result: T; event: EventOf<Type> }> {
    const { result, made } = await eventsOf(write);
    expect(made.map((e) => e.type)).toEqual([type]);
    const event = made[0] as EventOf<Type>;
    expect(event.id).toMatch(/^evt_[0-9a-f]{32}$/);
    const { data, response } = await client().GET("/evault/v1/events/{id}/", { params: { path: { id: event.id } } });
    expect(response.status).toBe(200);
    expect(data).toEqual(event);
    return { result, event };
  }

  test("the seeded account's opening is an event, the account as the API answers it", async () => {
    const { data: account } = await client().GET("/banking/v1/ng/bank_accounts/{id}/", {
      params: { path: { id: owner().bank_account_id } },
    });
    const { data: event } = await client().GET("/evault/v1/events/{id}/", {
      params: { path: { id: owner().event_id } },
    });
    expect(event).toEqual({
      id: owner().event_id,
      type: "bank_account.created",
      created_at: expect.stringMatching(/Z$/),
      data: { object: account },
    });
  });

  test("bank accounts: a create and a PUT each record their event; the PUT's previous_attributes are the changed fields' old values", async () => {
    const created = await oneEvent("bank_account.created", () =>
      client().POST("/banking/v1/ng/bank_accounts/", { body: { account_number: "5550001111", status: "DORMANT" } }),
    );
    expect(created.result.response.status).toBe(201);
    expect(created.event.data).toEqual({ object: created.result.data });

    const before = created.result.data as NonNullable<typeof created.result.data>;
    const put = await oneEvent("bank_account.updated", () =>
      client().PUT("/banking/v1/ng/bank_accounts/{id}/", {
        params: { path: { id: before.id } },
        body: { account_number: "5550001111", status: "ACTIVE", account_name: "Ada" },
      }),
    );
    expect(put.result.response.status).toBe(200);
    expect(put.event.data.object).toEqual(put.result.data);
    expect(put.event.data.previous_attributes).toEqual({
      status: "DORMANT",
      account_name: null,
      updated_at: before.updated_at,
    });
    expect(put.event.data.previous_attributes).toEqual(changed(before, put.result.data as object));
  });

  test("a write that is refused records no event: a 400, a 409, a 412 and a 422", async () => {
    const id = owner().bank_account_id;
    const { made } = await eventsOf(async () => {
      const statuses = [
        (
          await client().PUT("/banking/v1/ng/bank_accounts/{id}/", {
            params: { path: { id } },
            body: { account_number: "x".repeat(256) },
          })
        ).response.status,
        (await client().POST("/banking/v1/ng/bank_accounts/", { body: { account_number: "5550001111" } })).response
          .status,
        (
          await client().PUT("/banking/v1/ng/bank_accounts/{id}/", {
            params: { path: { id }, header: { "If-Match": '"999"' } },
            body: { account_number: "0000000001" },
          })
        ).response.status,
        (await client().POST("/evault/v1/folders/", { body: { name: "x", folder: other().folder_id } })).response
          .status,
        (
          await client().PATCH("/evault/v1/file_shares/{id}/", {
            params: { path: { id: owner().file_share_id } },
            body: { folder: other().folder_id },
          })
        ).response.status,
      ];
      expect(statuses).toEqual([400, 409, 412, 422, 422]);
    });
    expect(made).toEqual([]);
  });

  test("folders: create, PATCH, duplicate, DELETE, and the bin's restore and delete each record their event", async () => {
    const created = await oneEvent("folder.created", () =>
      client().POST("/evault/v1/folders/", { body: { name: "Evented", folder: null } }),
    );
    expect(created.event.data).toEqual({ object: created.result.data });
    const folder = created.result.data as NonNullable<typeof created.result.data>;

    const patched = await oneEvent("folder.updated", () =>
      client().PATCH("/evault/v1/favourite/folders/{id}/", {
        params: { path: { id: folder.id } },
        body: { is_starred: true, folder: owner().folder_id },
      }),
    );
    expect(patched.event.data.object).toEqual(patched.result.data);
    expect(patched.event.data.previous_attributes).toEqual(changed(folder, patched.result.data as object));
    expect(patched.event.data.previous_attributes).toMatchObject({ is_starred: false, root: true, path: "/Evented" });

    const fieldsOnly = await oneEvent("folder.updated", () =>
      client().PATCH("/evault/v1/favourite/folders/{id}/", {
        params: { path: { id: folder.id } },
        body: { name: "Renamed" },
      }),
    );
    expect(fieldsOnly.event.data.previous_attributes).toEqual(
      changed(patched.result.data as object, fieldsOnly.result.data as object),
    );
    expect(fieldsOnly.event.data.previous_attributes).toMatchObject({ name: "Evented" });

    const copy = await oneEvent("folder.duplicated", () =>
      client().POST("/evault/v1/folders/{id}/duplicate_folder/", { params: { path: { id: folder.id } }, body: {} }),
    );
    expect(copy.event.data).toEqual({ object: copy.result.data });

    const binned = await oneEvent("folder.binned", () =>
      client().DELETE("/evault/v1/folders/{id}/", { params: { path: { id: folder.id } } }),
    );
    expect(binned.event.data).toEqual({ object: binned.result.data });
    const binId = (binned.result.data as { id: string }).id;

    const restored = await oneEvent("bin.restored", () =>
      client().POST("/evault/v1/bins/{id}/restore/", { params: { path: { id: binId } }, body: { tags: [] } }),
    );
    expect(restored.event.data).toEqual({ object: restored.result.data });

    const again = await client().DELETE("/evault/v1/folders/{id}/", { params: { path: { id: folder.id } } });
    const entry = again.data as { id: string };
    const { data: before } = await client().GET("/evault/v1/bins/{id}/", { params: { path: { id: entry.id } } });
    const purged = await oneEvent("bin.purged", () =>
      client().DELETE("/evault/v1/bins/{id}/", { params: { path: { id: entry.id } } }),
    );
    expect(purged.result.response.status).toBe(204);
    expect(purged.event.data).toEqual({ object: before });
  });

  test("files: a multipart create, a PUT, a finished tus upload and a DELETE each record their event", async () => {
    const created = await oneEvent("file.created", () =>
      client().POST("/evault/v1/files/", {
        body: { file: new File(["first"], "notes.txt"), folder: owner().folder_id },
      }),
    );
    expect(created.event.data).toEqual({ object: created.result.data });
    const file = created.result.data as NonNullable<typeof created.result.data>;

    const put = await oneEvent("file.updated", () =>
      client().PUT("/evault/v1/files/{id}/", {
        params: { path: { id: file.id } },
        body: { file: new File(["second content"], "notes.md"), name: "notes" },
      }),
    );
    expect(put.event.data.object).toEqual(put.result.data);
    expect(put.event.data.previous_attributes).toEqual(changed(file, put.result.data as object));
    expect(put.event.data.previous_attributes).toMatchObject({ hash: file.hash, file_size: 5, name: "notes.txt" });

    const metadata = `filename ${Buffer.from("tus.txt").toString("base64")},folder ${Buffer.from(owner().folder_id).toString("base64")}`;
    const uploaded = await oneEvent("file.created", () =>
      fetch(`${h.url}/evault/v1/uploads/`, {
        method: "POST",
        headers: {
          "api-key": owner().api_key,
          "Tus-Resumable": "1.0.0",
          "Upload-Length": "3",
          "Upload-Metadata": metadata,
          "Content-Type": "application/offset+octet-stream",
        },
        body: "tus",
      }),
    );
    expect(uploaded.result.status).toBe(201);
    const uploadedId = uploaded.result.headers.get("Vault-File-Id") as string;
    const { data: uploadedFile } = await client().GET("/evault/v1/files/{id}/", {
      params: { path: { id: uploadedId } },
    });
    expect(uploaded.event.data).toEqual({ object: uploadedFile });

    const binned = await oneEvent("file.binned", () =>
      client().DELETE("/evault/v1/files/{id}/", { params: { path: { id: file.id } } }),
    );
    expect(binned.event.data).toEqual({ object: binned.result.data });

    // The stored rows keep the view's columns only: not the search index's folded text.
    const stored = await h.query<{ type: string; data: string }>(
      `select type, data::text from events where object_id = '${file.id}' order by created_at`,
    );
    expect(stored.map((row) => row.type)).toEqual(["file.created", "file.updated"]);
    for (const { data } of stored) expect(data).not.toContain("search_text");
  });

  test("versions: a restore records the file as it is after, a version's delete the version as it was", async () => {
    const created = await client().POST("/evault/v1/files/", {
      body: { file: new File(["one"], "v.txt"), folder: owner().folder_id },
    });
    const id = (created.data as { id: string }).id;
    await client().PUT("/evault/v1/files/{id}/", {
      params: { path: { id } },
      body: { file: new File(["two"], "v.txt") },
    });
    await client().PUT("/evault/v1/files/{id}/", {
      params: { path: { id } },
      body: { file: new File(["three"], "v.txt") },
    });
    const { data: versions } = await client().GET("/evault/v1/files/{id}/versions/", { params: { path: { id } } });
    const [, second, first] = versions?.results ?? [];
    const { data: before } = await client().GET("/evault/v1/files/{id}/", { params: { path: { id } } });

    const restored = await oneEvent("file_version.restored", () =>
      client().POST("/evault/v1/files/{id}/versions/{version_id}/restore/", {
        params: { path: { id, version_id: first?.id as string } },
      }),
    );
    expect(restored.event.data.object).toEqual(restored.result.data);
    expect(restored.event.data.previous_attributes).toEqual(changed(before as object, restored.result.data as object));

    const deleted = await oneEvent("file_version.deleted", () =>
      client().DELETE("/evault/v1/files/{id}/versions/{version_id}/", {
        params: { path: { id, version_id: second?.id as string } },
      }),
    );
    expect(deleted.result.response.status).toBe(204);
    expect(deleted.event.data).toEqual({ object: second });
  });

  test("file shares: a create, a PATCH, a new link and a DELETE each record their event, with no password hash and no link in them", async () => {
    const created = await oneEvent("file_share.created", () =>
      client().POST("/evault/v1/file_shares/", { body: { file: owner().file_id, access: "public" } }),
    );
    expect(created.event.data).toEqual({ object: withoutLink(created.result.data) });
    const share = created.result.data as NonNullable<typeof created.result.data>;

    const patched = await oneEvent("file_share.updated", () =>
      client().PATCH("/evault/v1/file_shares/{id}/", {
        params: { path: { id: share.id } },
        body: { access: "private", password: "s3cret-pass" },
      }),
    );
    expect(patched.event.data.object).toEqual(withoutLink(patched.result.data));
    expect(patched.event.data.previous_attributes).toEqual(changed(share, patched.result.data as object));
    expect(patched.event.data.previous_attributes).toMatchObject({ access: "public", has_password: false });

    // A new link is an update that names no link: the receiver reads the share for it.
    const relinked = await oneEvent("file_share.updated", () =>
      client().POST("/evault/v1/file_shares/{id}/link/", { params: { path: { id: share.id } } }),
    );
    expect(relinked.event.data.object).toEqual(withoutLink(relinked.result.data));
    expect(relinked.event.data.previous_attributes).toEqual(
      changed(withoutLink(patched.result.data), withoutLink(relinked.result.data)),
    );
    expect(relinked.event.data.previous_attributes).not.toHaveProperty("link");

    const revoked = await oneEvent("file_share.revoked", () =>
      client().DELETE("/evault/v1/file_shares/{id}/", { params: { path: { id: share.id } } }),
    );
    expect(revoked.event.data).toEqual({ object: withoutLink(relinked.result.data) });

    const links = [share, relinked.result.data].map((answer) => answer?.link ?? "");
    const tokens = links.map((link) => /\/links\/([^/]+)\/$/.exec(link)?.[1] ?? "");
    expect(tokens.every((token) => token.length === 32)).toBe(true);
    const [nonce] = await h.query<{ link_nonce: string }>(
      `select link_nonce from file_shares where id = '${share.id}'`,
    );
    const stored = await h.query<{ data: string }>(`select data::text from events where object_id = '${share.id}'`);
    expect(stored.length).toBe(4);
    for (const { data } of stored) {
      expect(data).not.toMatch(/\$argon2|\$scrypt|s3cret|link_nonce|link_hash/);
      for (const secret of [...tokens, nonce?.link_nonce ?? "no nonce read"]) expect(data).not.toContain(secret);
    }
  });

  test("a share event recorded with its link before migration 0029 is listed without it, and the migration strips it from the stored row", async () => {
    const { result, event } = await oneEvent("file_share.created", () =>
      client().POST("/evault/v1/file_shares/", { body: { folder: owner().folder_id } }),
    );
    const id = result.data?.id ?? "";
    // The row as a create recorded it before: a link nonce (as shares had before their tokens were sealed) and hash in `object`.
    await h.query(
      `update events e set data = jsonb_set(jsonb_set(e.data, '{object,link_nonce}', to_jsonb('0123456789abcdef0123456789abcdef'::text)),
         '{object,link_hash}', to_jsonb(s.link_hash))
       from file_shares s where e.id = '${event.id}' and s.id = '${id}'`,
    );
    const [old] = await h.query<{ data: string }>(`select data::text from events where id = '${event.id}'`);
    expect(old?.data).toContain("link_nonce");
    const listed = await client().GET("/evault/v1/events/{id}/", { params: { path: { id: event.id } } });
    expect(listed.data).toEqual(event);
    expect(listed.data?.data.object).not.toHaveProperty("link");

    await h.query(migration("0029_share_events_without_link.sql"));
    const [migrated] = await h.query<{ data: string }>(`select data::text from events where id = '${event.id}'`);
    expect(migrated?.data).not.toMatch(/link_nonce|link_hash/);
    const after = await client().GET("/evault/v1/events/{id}/", { params: { path: { id: event.id } } });
    expect(after.data).toEqual(event);
  });

  test("another user's events are invisible: their list holds none of the owner's, and an owner's event id is a 404", async () => {
    const mine = new Set((await allEvents(client())).map((e) => e.id));
    expect(mine.size).toBeGreaterThan(10);
    const theirs = await allEvents(h.client(other().api_key));
    expect(theirs.filter((e) => mine.has(e.id))).toEqual([]);
    expect(theirs.map((e) => e.type)).toEqual(["bank_account.created"]);
    const { response, error } = await h
      .client(other().api_key)
      .GET("/evault/v1/events/{id}/", { params: { path: { id: owner().event_id } } });
    expect(response.status).toBe(404);
    expect(error?.type).toBe("urn:vault:problem:not-found");
  });

  test("filters: types (repeated, or a prefix), an object id and created_after; pages follow next without repeats", async () => {
    const every = await allEvents(client());
    const times = every.map((e) => e.created_at);
    expect([...times].sort().reverse()).toEqual(times);

    const files = await allEvents(client(), { type: ["file."] });
    expect(files.length).toBeGreaterThan(0);
    expect(files).toEqual(every.filter((e) => e.type.startsWith("file.")));

    const two = await allEvents(client(), { type: ["bank_account.created", "bin.purged"] });
    expect(two).toEqual(every.filter((e) => e.type === "bank_account.created" || e.type === "bin.purged"));
    expect(new Set(two.map((e) => e.type))).toEqual(new Set(["bank_account.created", "bin.purged"]));

    const account = owner().bank_account_id;
    const ofAccount = await allEvents(client(), { object: account });
    expect(ofAccount.map((e) => e.id)).toEqual([owner().event_id]);

    const middle = every[Math.floor(every.length / 2)] as VaultEvent;
    const after = await allEvents(client(), { created_after: middle.created_at });
    expect(after).toEqual(every.filter((e) => e.created_at > middle.created_at));

    const paged: string[] = [];
    for await (const event of client().paginate("/evault/v1/events/", { page_size: 3 })) paged.push(event.id);
    expect(paged).toEqual(every.map((e) => e.id));

    const first = await client().GET("/evault/v1/events/", { params: { query: { page_size: 1 } } });
    const cursor = new URL(first.data?.next as string).searchParams.get("cursor") as string;
    const elsewhere = await client().GET("/evault/v1/events/", { params: { query: { cursor, type: ["file."] } } });
    expect(elsewhere.response.status).toBe(400);

    const bad = await client().GET("/evault/v1/events/", { params: { query: { type: ["FILE"] } } });
    expect(bad.response.status).toBe(400);
    expect(bad.error?.errors?.[0]?.path).toMatch(/^\/query\/type/);
  });

  test("events older than EVENTS_RETENTION_DAYS are purged by the sweep; younger ones stay", async () => {
    const [oldest, younger] = (await allEvents(client())).slice(-2).reverse() as [VaultEvent, VaultEvent];
    await h.query(`update events set created_at = now() - interval '31 days' where id = '${oldest.id}';
      update events set created_at = now() - interval '29 days' where id = '${younger.id}'`);
    await h.restart();
    const gone = await client().GET("/evault/v1/events/{id}/", { params: { path: { id: oldest.id } } });
    expect(gone.response.status).toBe(404);
    const kept = await client().GET("/evault/v1/events/{id}/", { params: { path: { id: younger.id } } });
    expect(kept.response.status).toBe(200);
  });
});

// The lease that serialises the writes of one upload: a PATCH (or a DELETE) takes it
// with the upload's row, renews it while it writes, and gives it back when it ends. It
// lives in the upload's row, so it holds across every server of one database.
import type { Db } from "../../data/database.js";
import {
  claimUploadRow,
  releaseUploadLease,
  renewUploadLease,
  type UploadRow,
} from "../../domain/vault/resumable-uploads.js";

export interface ClaimedUpload {
  row: UploadRow;
  claim: string;
}

export interface UploadLocker {
  /** How long a lease lasts without renewal: a server that died mid-PATCH lets another in after at most this long. */
  readonly leaseMs: number;
  /** Takes the upload's lease with its row: `locked` when another request holds it, undefined when it is none of the caller's. */
  claim(userId: number, id: string): Promise<ClaimedUpload | "locked" | undefined>;
  /** Extends the lease; false when it was lost (it lapsed and another request took it). */
  renew(id: string, claim: string): Promise<boolean>;
  release(id: string, claim: string): Promise<void>;
}

/** The locker on the `tus_uploads` rows of `db`, with leases of `leaseMs`. */
export function databaseLocker(db: Db, leaseMs: number): UploadLocker {
  return {
    leaseMs,
    claim: (userId, id) => claimUploadRow(db, userId, id, leaseMs),
    renew: (id, claim) => renewUploadLease(db, id, claim, leaseMs),
    release: (id, claim) => releaseUploadLease(db, id, claim),
  };
}

/** A lease being renewed while its request writes. */
export interface KeptLease {
  /** Whether a renewal found the lease taken by another request. */
  lost(): boolean;
  stop(): void;
}

/** Renews a held lease every third of its length until stopped; a renewal that fails is tried again at the next. */
export function keepLease(locker: UploadLocker, id: string, claim: string): KeptLease {
  let lost = false;
  const renewal = setInterval(
    () =>
      void locker.renew(id, claim).then(
        (held) => {
          lost ||= !held;
        },
        () => {},
      ),
    locker.leaseMs / 3,
  );
  return { lost: () => lost, stop: () => clearInterval(renewal) };
}

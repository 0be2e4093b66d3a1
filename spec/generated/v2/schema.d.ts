// Generated from spec/generated/v2/openapi.yaml by `npm run generate`. Do not edit.

export interface paths {
    "/banking/v2/ng/bank_accounts/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List NGN bank accounts
         * @description The caller's NGN bank accounts, oldest first (by `created_at`, then `id`), one page
         *     at a time. An addition to the six operations of the service spec (`x-vault-addition`).
         */
        get: operations["listNgnBankAccounts"];
        put?: never;
        /**
         * Create an NGN bank account
         * @description Open an NGN bank account for the caller, with the update's fields and rules:
         *     `account_number` is required and unique among the caller's accounts (a number
         *     another of them has answers 409; another user's accounts do not count); omitted
         *     optional fields take their defaults. The balance starts at zero. Answers 201 with
         *     the account, its `Location` and `ETag`.
         *     An addition to the six operations of the service spec (`x-vault-addition`).
         */
        post: operations["createNgnBankAccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/banking/v2/ng/bank_accounts/{id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an NGN bank account
         * @description One of the caller's NGN bank accounts, with its `ETag`; `If-None-Match` with the
         *     current tag answers 304. An addition to the six operations of the service spec
         *     (`x-vault-addition`).
         */
        get: operations["getNgnBankAccount"];
        /**
         * Update an NGN bank account
         * @description Replace the writable fields of one of the caller's NGN bank accounts (full update).
         *     Omitted optional fields reset to their defaults; `updated_at` is bumped. Leaving
         *     a terminal status (CLOSED, ESCHEAT, CHARGEOFF) or taking an account number that
         *     another of the caller's accounts has answers 409.
         */
        put: operations["updateNgnBankAccount"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/evault/v2/bins/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List bin entries
         * @description The caller's bin entries, newest first (by `created_at`, then `id`, both
         *     descending), one page at a time. An addition (`x-vault-addition`).
         */
        get: operations["listBins"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/evault/v2/bins/{id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a bin entry
         * @description One of the caller's bin entries. An entry does not change while it exists (a
         *     restore or a permanent delete ends it), so it has no `ETag`.
         *     An addition (`x-vault-addition`).
         */
        get: operations["getBin"];
        put?: never;
        post?: never;
        /**
         * Delete a bin entry permanently
         * @description Delete a bin entry permanently, now, with its item (a folder with everything in
         *     it). Answers 204; stored bytes no file references any more are freed.
         *     An addition (`x-vault-addition`).
         */
        delete: operations["deleteBin"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/evault/v2/bins/{id}/restore/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Restore a bin entry
         * @description Restore a binned file or folder (with its subtree) to where it was, or to the
         *     root if that folder is gone; attach the given tags; remove the bin entry. Answers
         *     the bin record as it was before the restore. Restoring the same id again
         *     answers 404. Folders nest at most 256 levels deep: when the folder's old place
         *     has become so deep that its subtree would reach beyond, the restore is a 422
         *     `too_deep` naming `/path/id` and the entry stays (move the place up, or delete it
         *     so the folder comes back at the root, and restore again).
         */
        post: operations["restoreBin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/evault/v2/downloads/{token}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download through a download link
         * @description The content the download link was made for.
         */
        get: operations["downloadTemporaryLink"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/evault/v2/events/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List events
         * @description The caller's events, newest first (by `created_at`, then `id`, both descending),
         *     one page at a time; kept `EVENTS_RETENTION_DAYS` (30) days. `type` (repeatable)
         *     keeps the events of those types or prefixes, `object` those of one resource id,
         *     `created_after` those after an instant. An addition (`x-vault-addition`).
         */
        get: operations["listEvents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/evault/v2/events/{id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an event
         * @description One of the caller's events (another user's id answers 404). An event never
         *     changes, so it has no `ETag`. An addition (`x-vault-addition`).
         */
        get: operations["getEvent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/evault/v2/favourite/folders/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List favourite folders
         * @description The caller's starred folders (`is_starred`) outside the bin, wherever they are in
         *     the tree, oldest first (by `created_at`, then `id`), one page at a time.
         *     An addition (`x-vault-addition`).
         */
        get: operations["listFavouriteFolders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/evault/v2/favourite/folders/{id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update a favourite folder
         * @description Partially update one of the caller's folders, typically `is_starred`. Only the
         *     given fields change. `is_deleted: true` moves the folder and its subtree to the
         *     bin; moving a folder into its own subtree, or where a folder of its subtree would
         *     lie deeper than 256 levels, answers 422 naming `folder` (`too_deep` for the depth).
         */
        patch: operations["updateFavouriteFolder"];
        trace?: never;
    };
    "/evault/v2/file_shares/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List file shares
         * @description The caller's file shares, oldest first (by `created_at`, then `id`), one page at
         *     a time. An addition (`x-vault-addition`).
         */
        get: operations["listFileShares"];
        put?: never;
        /**
         * Create a file share
         * @description Share one of the caller's files or folders (`file` or `folder`, not both).
         *     Answers 201 with the share, its `Location` and `ETag`.
         *     An addition to the six operations (`x-vault-addition`).
         */
        post: operations["createFileShare"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/evault/v2/file_shares/{id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a file share
         * @description One of the caller's file shares, with its `ETag`; `If-None-Match` with the current
         *     tag answers 304. An addition (`x-vault-addition`).
         */
        get: operations["getFileShare"];
        put?: never;
        post?: never;
        /**
         * Revoke a file share
         * @description Revoke one of the caller's file shares: it is deleted, the shared item is not.
         *     Answers 204. An addition (`x-vault-addition`).
         */
        delete: operations["deleteFileShare"];
        options?: never;
        head?: never;
        /**
         * Update a file share
         * @description Partially update one of the caller's file shares. Requires the `api-key` like
         *     every operation (the service spec is silent on this operation's authentication;
         *     the service is secure by default).
         */
        patch: operations["updateFileShare"];
        trace?: never;
    };
    "/evault/v2/file_shares/{id}/link/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replace a file share's link
         * @description Give one of the caller's shares a new link token: the old link stops opening at
         *     once (it answers 404, like a link that never existed), and `link` holds the new
         *     one. `download_count` and `last_accessed_at` stay: they count the share. Answers
         *     200 with the share and its `ETag`. An addition (`x-vault-addition`).
         */
        post: operations["replaceFileShareLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/evault/v2/files/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the files of a folder
         * @description The files directly in one of the caller's folders (`folder`), or at the root when
         *     `folder` is omitted, oldest first (by `created_at`, then `id`), one page at a time.
         *     Files in the bin are left out; a folder that is not the caller's or is in the bin
         *     (or inside a binned folder) answers 404. An addition (`x-vault-addition`).
         */
        get: operations["listFiles"];
        put?: never;
        /**
         * Upload a new file
         * @description Upload a new file into one of the caller's folders (`multipart/form-data`, the
         *     update's parts, `file` and `folder` required). The content is streamed to disk and
         *     its `hash`, `mimetype`, `extension` and size computed as for the update; a folder
         *     that is not the caller's, or is in the bin, answers 422. Answers 201 with the File,
         *     its `Location` and `ETag`. An addition to the six operations (`x-vault-addition`).
         */
        post: operations["createFile"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/evault/v2/files/{id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a file
         * @description One of the caller's files (its metadata; `file` downloads the bytes), with its
         *     `ETag`; `If-None-Match` with the current tag answers 304. A file in the bin, or
         *     inside a binned folder, answers 404 until it is restored. An addition (`x-vault-addition`).
         */
        get: operations["getFile"];
        /**
         * Update a file
         * @description Replace the content and the writable fields of one of the caller's files (full
         *     update, `multipart/form-data`). The upload is streamed to disk; `hash` (SHA-256),
         *     `mimetype` (sniffed), `extension`, `file_size` and `file_size_unit` are
         *     recomputed. Identical content is stored once. A body over the upload limit
         *     answers 413 and changes nothing.
         */
        put: operations["updateFile"];
        post?: never;
        /**
         * Move a file to the bin
         * @description Move one of the caller's files to the bin. Answers 200 with the bin entry created
         *     (its `id` is what the restore takes); the file answers 404 until it is restored.
         *     An addition (`x-vault-addition`).
         */
        delete: operations["deleteFile"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/evault/v2/files/{id}/content/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a file's content
         * @description Download the stored bytes of one of the caller's files, with the sniffed
         *     `Content-Type`, `Content-Length`, an `ETag` (the SHA-256) and HTTP range support.
         *     Ranges follow RFC 9110 §14: one satisfiable range answers 206 (a suffix range longer
         *     than the content is the whole content, `bytes=-100` of 16 bytes is `bytes 0-15/16`);
         *     a range that is not valid syntax (`bytes=5-2`), several ranges, or an `If-Range`
         *     that is not the current strong `ETag` (a weak tag never matches) answer the whole
         *     content with 200; ranges that all start past the end answer 416.
         *     This operation is an addition to the six of the service spec (`x-vault-addition`):
         *     it is what a File's `file` URL points at.
         */
        get: operations["downloadFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        /**
         * Read a file's content headers
         * @description The status and headers a `GET` of the same content answers, without the body
         *     (RFC 9110 §9.3.2), e.g. to learn a file's size, type, name and `ETag` before
         *     downloading it. `Range` does not apply to HEAD (RFC 9110 §14.2). Errors carry the
         *     problem's status but, as every HEAD response, no body.
         *     An addition to the six operations of the service spec (`x-vault-addition`).
         */
        head: operations["headFileContent"];
        patch?: never;
        trace?: never;
    };
    "/evault/v2/files/{id}/download_link/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Make a file's download link
         * @description A URL that downloads the file's current content with no credentials, for `expires_in`
         *     seconds (an hour by default, 4 hours at most): for a browser tab, `wget`, a player or
         *     another service that cannot send an `api-key`. The link stops working when the file
         *     is deleted (moved to the bin) or its content changes, and at `expires_at`; with files
         *     on disk at once. With the file store on S3 the URL is the store's presigned URL of the
         *     content's object, which keeps working until `expires_at` while any file or version of
         *     the service still holds that content (a change of the file keeps the content it
         *     replaces as a version). Making a link changes nothing, so a retry is always safe: it
         *     takes no `Idempotency-Key`, and its answer, a credential, is kept nowhere. An addition
         *     (`x-vault-addition`).
         */
        post: operations["createFileDownloadLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/evault/v2/files/{id}/versions/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a file's versions
         * @description The file's versions, newest first (the current one first), one page at a time.
         */
        get: operations["listFileVersions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/evault/v2/files/{id}/versions/{version_id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a file version
         * @description Delete an earlier version; its bytes are freed once nothing else names them. The
         *     current version cannot be deleted: 409 naming `/path/version_id` (restore another
         *     first, or delete the file).
         */
        delete: operations["deleteFileVersion"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/evault/v2/files/{id}/versions/{version_id}/content/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a file version's content
         * @description A version's bytes, as the file's download serves the current ones (ranges, `ETag`, `If-None-Match`, the file's name).
         */
        get: operations["downloadFileVersion"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/evault/v2/files/{id}/versions/{version_id}/download_link/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Make a file version's download link
         * @description A URL that downloads the version's content with no credentials, as the file's
         *     download link does its current content: for `expires_in` seconds (an hour by default,
         *     4 hours at most), with the file's name. It stops working when the version is deleted
         *     or pruned, or the file deleted (moved to the bin), and at `expires_at`; with files on
         *     disk at once. With the file store on S3 it is the store's presigned URL, which keeps
         *     working until `expires_at` while the service still holds the content. Making a link
         *     changes nothing, so it takes no `Idempotency-Key`. An addition (`x-vault-addition`).
         */
        post: operations["createFileVersionDownloadLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/evault/v2/files/{id}/versions/{version_id}/restore/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Restore a file version
         * @description Make a version's content the file's current one again, as a new version (the content
         *     it replaces is kept as one); restoring the content the file has changes nothing.
         *     Answers 200 with the file and its `ETag`; `If-Match` makes it conditional (412).
         */
        post: operations["restoreFileVersion"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/evault/v2/folders/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List folders
         * @description The child folders of one of the caller's folders (`parent`), or the caller's
         *     top-level folders when `parent` is omitted, oldest first (by `created_at`, then
         *     `id`), one page at a time. Folders in the bin are left out; a `parent` that is not
         *     the caller's or is in the bin answers 404. An addition (`x-vault-addition`).
         */
        get: operations["listFolders"];
        put?: never;
        /**
         * Create a folder
         * @description Create a folder for the caller, at the top level or inside one of the caller's
         *     folders, at most 256 levels deep (else 422 `too_deep` naming `folder`). Answers
         *     201 with the Folder, its `Location` and `ETag`.
         *     An addition to the six operations (`x-vault-addition`).
         */
        post: operations["createFolder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/evault/v2/folders/{id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a folder
         * @description One of the caller's folders, with its `ETag`; `If-None-Match` with the current tag
         *     answers 304. A folder in the bin, or inside a binned folder, answers 404 until it is
         *     restored. An addition (`x-vault-addition`).
         */
        get: operations["getFolder"];
        put?: never;
        post?: never;
        /**
         * Move a folder to the bin
         * @description Move one of the caller's folders, with everything in it, to the bin in one
         *     transaction. Answers 200 with the bin entry (its `id` is what the restore takes,
         *     which brings all of it back). An addition (`x-vault-addition`).
         */
        delete: operations["deleteFolder"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/evault/v2/folders/{id}/archive/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a folder as a ZIP
         * @description The folder's subtree as one ZIP archive, streamed: the folder itself as the top
         *     entry, every folder of its subtree outside the bin (empty ones too) and every file
         *     outside the bin at its path, with its modification time; names in UTF-8 (the language
         *     encoding flag set; a name that is not a valid path segment, such as `..` or one with
         *     `/`, is written with `_`, and a name a sibling has already becomes `name (2).ext`).
         *     Stored, not recompressed; Zip64 when the archive passes 4 GiB or 65,535 entries.
         *     `Content-Length` is known before the first byte. A folder holding more entries
         *     (`ARCHIVE_MAX_ENTRIES`, 100,000) or bytes (`ARCHIVE_MAX_BYTES`, 16 GiB) than one
         *     archive holds answers 413 before any byte. A file whose content changes while the
         *     archive streams may end the download early (the connection closes; retry it). An
         *     addition (`x-vault-addition`).
         */
        get: operations["downloadFolderArchive"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/evault/v2/folders/{id}/duplicate_folder/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Duplicate a folder
         * @description Deep-copy one of the caller's folders with all its subfolders and files (the
         *     copies share stored bytes) in one transaction, owned by the requesting user.
         *     Body fields override the copy's attributes: `name` defaults to `"<name> (copy)"`,
         *     `folder` to the source's parent. A copy whose subtree would reach deeper than 256
         *     levels under `folder` is a 422 `too_deep` naming `folder`. Answers 201 with the
         *     new folder.
         */
        post: operations["duplicateFolder"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/evault/v2/links/{token}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Open a link
         * @description What the link shares: its kind, name, size, type, the owner's name, `expires_at` and
         *     `has_password`. An addition (`x-vault-addition`).
         */
        get: operations["getLink"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/evault/v2/links/{token}/archive/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download what a folder link shares as a ZIP
         * @description What a folder link shares, as one ZIP archive: the owner's folder archive
         *     (`GET /evault/v2/folders/{id}/archive/`: the shared folder as the top entry, its
         *     subtree outside the bin, stored, `Content-Length` known, 413 past the archive limits
         *     before any byte), under the link's rules (password, private users, expiry). A link to
         *     a file has no archive: 404. Each archive sent whole counts in the share's
         *     `download_count`. The link's page offers it as "Download all". An addition
         *     (`x-vault-addition`).
         */
        get: operations["downloadLinkArchive"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/evault/v2/links/{token}/content/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download what a link shares
         * @description The shared file's bytes, as the owner's download serves them: `Content-Type`, `ETag`
         *     (the SHA-256), ranges (RFC 9110 §14), `If-None-Match`, and `Content-Disposition`
         *     as an `attachment` with the name (RFC 8187 for names beyond ASCII). A link to a folder has no
         *     content of its own: 404. Each complete download of the whole content counts in the
         *     share's `download_count`. An addition (`x-vault-addition`).
         */
        get: operations["downloadLink"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/evault/v2/links/{token}/files/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the files of a shared folder
         * @description The files directly inside a folder of a shared folder's subtree (`folder`, the
         *     shared folder when omitted), oldest first, one page at a time, each with the URL
         *     of its content through the link. An addition (`x-vault-addition`).
         */
        get: operations["listLinkFiles"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/evault/v2/links/{token}/files/{file_id}/content/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a file of a shared folder
         * @description The content of a file inside a shared folder's subtree, as `…/content/` serves a
         *     shared file's. A file outside the subtree, in the bin, or another user's answers
         *     404. An addition (`x-vault-addition`).
         */
        get: operations["downloadLinkFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/evault/v2/links/{token}/folders/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the folders of a shared folder
         * @description The folders directly inside a folder of a shared folder's subtree (`folder`, the
         *     shared folder when omitted), oldest first, one page at a time. A link to a file has
         *     no folders: 404. An addition (`x-vault-addition`).
         */
        get: operations["listLinkFolders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/evault/v2/links/{token}/unlock/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Unlock a password link
         * @description Unlock a public link that has a password: answers an `access_token` for the link's
         *     other operations (`Authorization: Bearer …`), valid 15 minutes. A wrong password is
         *     401 naming `/body/password`. After 10 wrong tries in 15 minutes for one link, or from
         *     one client address, the unlock answers 429 with `Retry-After`, even for the right
         *     password. Every unlock, right or wrong, costs a password hash: 30 in 15 minutes from
         *     one address, or `UNLOCK_OWNER_PER_MINUTE` (60) a minute of the links of one owner,
         *     and the next answers 429 with `Retry-After`. Hashes are shared by owner in turns: when
         *     too many of one owner's wait, that owner's next unlock (or password change) answers
         *     429 with `Retry-After`, and another owner's is not slowed by them; 503 only when the
         *     server has far too many waiting in all and the owner has a hash waiting or running
         *     already (an owner with none always gets its turn). The unlock changes nothing, so a retry is always safe: an
         *     `Idempotency-Key` is accepted and not kept (a kept answer would keep the token).
         *     The link's page posts its password form here: that unlock answers 303 back to the page
         *     with the token as an HttpOnly cookie, and its refusals are pages too. An addition
         *     (`x-vault-addition`).
         */
        post: operations["unlockLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/evault/v2/search/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Search files and folders
         * @description The caller's files and folders that match `q` (see `SearchText`) and every filter
         *     given, best matches first: an exact name (`q` equal to the name, or to the name
         *     before its extension), then items where every word starts a word, then the close
         *     ones by similarity; within each, the most recently changed first (`updated_at`, then
         *     `id`). One page at a time; the cursor keeps the order stable across pages. Only the
         *     caller's own items are searched (what others share is `GET /shared_with_me/?q=`). An
         *     addition (`x-vault-addition`).
         */
        get: operations["searchItems"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/evault/v2/shared_with_me/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List what is shared with me
         * @description The shares of other users that list the caller in their `users`, newest first (by
         *     the share's `created_at`, then its id), one page at a time, each with its link, its
         *     owner's name and what it shares. A share whose owner takes the caller out of
         *     `users`, revokes it, or whose item is in the bin leaves the list at once. With `q`,
         *     only the shares whose item's name or description matches it, as a search matches
         *     (`GET /search/?q=`), best matches first (an exact name, then every word a word's
         *     start, then the close ones), newest first within each. An addition
         *     (`x-vault-addition`).
         */
        get: operations["listSharedWithMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/evault/v2/uploads/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a resumable upload
         * @description Create an upload of `Upload-Length` bytes (at most `Tus-Max-Size`, else 413), and
         *     with a body (`creation-with-upload`) store its first bytes. Answers 201 with the
         *     upload's `Location`, the offset and the expiry. An upload of zero bytes, or whose
         *     body is all of it, makes the file at once (`Vault-File-Id`). A caller with 100
         *     unfinished uploads gets 403. With a quota, an `Upload-Length` that does not fit beside
         *     the stored bytes and the other unfinished uploads answers 507 (a replacement, `file`,
         *     is credited what it surely frees; see the usage). No `Idempotency-Key`: a retry makes another upload,
         *     and an unused one expires.
         */
        post: operations["createUpload"];
        delete?: never;
        /**
         * Describe the tus server
         * @description What the server supports: `Tus-Version`, `Tus-Extension`, `Tus-Max-Size`
         *     (`MAX_UPLOAD_BYTES`) and `Tus-Checksum-Algorithm`. The HTTP method is `OPTIONS`.
         */
        options: operations["describeUploads"];
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/evault/v2/uploads/{id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Terminate an upload
         * @description Terminate an upload: its bytes are deleted (`termination`). A completed upload's
         *     file stays. Another PATCH in progress answers 423.
         */
        delete: operations["deleteUpload"];
        options?: never;
        /**
         * Read an upload's offset
         * @description The upload's state: how many bytes the server holds (`Upload-Offset`), of how many
         *     (`Upload-Length`), and, once complete, the file's id. `Cache-Control: no-store`.
         *     Errors carry the problem's status but, as every HEAD response, no body.
         */
        head: operations["headUpload"];
        /**
         * Append bytes to an upload
         * @description Append the body at `Upload-Offset`, which must be the server's offset (else 409 with
         *     nothing stored). Bytes that arrive before a dropped connection are kept: a HEAD says
         *     how many. A body past `Upload-Length` answers 413 and stores nothing beyond it. An
         *     upload that no longer fits in the quota beside the stored bytes and the other
         *     unfinished uploads (a restore took the room, the quota was lowered) answers 507 naming
         *     `/headers/upload-length` and stores nothing. That check is a read before the body,
         *     not a lock: a restore committing during the PATCH does not stop it (the creation's
         *     reservation is the firm bound, and the commit check still decides what is stored). With
         *     `Upload-Checksum`, a body whose SHA-256 differs answers 460 and is discarded. Another
         *     PATCH of the same upload in progress (on any server) answers 423. The PATCH that
         *     brings the last byte makes the file and answers its `Vault-File-Id`.
         */
        patch: operations["appendUpload"];
        trace?: never;
    };
    "/evault/v2/usage/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the caller's usage and quota
         * @description How many bytes the caller keeps, and the quota. With a quota, a write that would take
         *     `total_bytes` past it (an upload, a content PUT, a tus creation whose `Upload-Length`
         *     does not fit beside the other unfinished uploads, a version restore, a folder
         *     duplicate) answers 507 `urn:vault:problem:quota-exceeded` and stores nothing; a new
         *     file's upload is refused before its bytes are stored, a content PUT when it commits
         *     (the same content adds nothing; with one version kept, the replaced content is freed).
         *     A tus upload, a replacement too, holds its `Upload-Length` from its creation: it must
         *     fit beside the stored bytes and the other unfinished uploads, a replacement credited
         *     what it surely frees (the replaced content with one version kept, else the oldest
         *     version when the file keeps all it may), and a PATCH of one that no longer fits
         *     answers 507 with nothing stored.
         *     Concurrent writes of one caller are checked one
         *     after the other when they commit, so together they cannot pass the quota. Deleting
         *     versions and emptying the bin free bytes. An addition (`x-vault-addition`).
         */
        get: operations["getUsage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/evault/v2/webhook_endpoints/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhook endpoints
         * @description The caller's endpoints, oldest first, one page at a time. An addition (`x-vault-addition`).
         */
        get: operations["listWebhookEndpoints"];
        put?: never;
        /**
         * Create a webhook endpoint
         * @description Subscribe a URL to the caller's events. Answers 201 with the endpoint and its signing
         *     `secret`, which no other answer shows (rotate it to have a new one). A URL that is not
         *     `https`, or whose host resolves to a loopback, private, link-local or metadata address,
         *     answers 422 naming `url` (unless its host is in `WEBHOOK_ALLOW_HOSTS`). A caller has at
         *     most 16 endpoints. An addition (`x-vault-addition`).
         */
        post: operations["createWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/evault/v2/webhook_endpoints/{id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a webhook endpoint
         * @description One of the caller's endpoints (without its secret). An addition (`x-vault-addition`).
         */
        get: operations["getWebhookEndpoint"];
        put?: never;
        post?: never;
        /**
         * Delete a webhook endpoint
         * @description Delete one of the caller's endpoints with its deliveries: nothing more is sent to it. Answers 204. An addition (`x-vault-addition`).
         */
        delete: operations["deleteWebhookEndpoint"];
        options?: never;
        head?: never;
        /**
         * Update a webhook endpoint
         * @description Change one of the caller's endpoints: `url` (checked as at creation), `events`,
         *     `description`, `disabled`. An addition (`x-vault-addition`).
         */
        patch: operations["updateWebhookEndpoint"];
        trace?: never;
    };
    "/evault/v2/webhook_endpoints/{id}/deliveries/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a webhook endpoint's deliveries
         * @description One of the caller's endpoints' deliveries, newest first, each with its tries (kept as
         *     long as their event: `EVENTS_RETENTION_DAYS`). An addition (`x-vault-addition`).
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/evault/v2/webhook_endpoints/{id}/deliveries/{delivery_id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a webhook delivery
         * @description One of an endpoint's deliveries, with its tries: what a caller follows after a retry or
         *     a ping, without paging through the list. Another user's delivery, or one of another
         *     endpoint, answers 404. Added in v2; an addition (`x-vault-addition`).
         */
        get: operations["getWebhookDelivery"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/evault/v2/webhook_endpoints/{id}/deliveries/{delivery_id}/retry/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Retry a webhook delivery
         * @description Try one of an endpoint's deliveries again now, whatever its status (a failed one is
         *     pending again, with the retries it had left, or one more). Answers 202 with the
         *     delivery. An addition (`x-vault-addition`).
         */
        post: operations["retryWebhookDelivery"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/evault/v2/webhook_endpoints/{id}/rotate_secret/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate a webhook endpoint's secret
         * @description Give one of the caller's endpoints a new signing secret, answered once here. The old
         *     one keeps signing for 24 hours beside it (each delivery carries both signatures), so a
         *     receiver can switch without losing a delivery. An addition (`x-vault-addition`).
         */
        post: operations["rotateWebhookEndpointSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/evault/v2/webhook_endpoints/{id}/test/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test event to a webhook endpoint
         * @description Send a `ping` event to one of the caller's endpoints (even a disabled one), and to no
         *     other. Answers 202 with its delivery; its tries show in the endpoint's deliveries. An
         *     addition (`x-vault-addition`).
         */
        post: operations["testWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /**
         * @description The lifecycle status of an account. `"NULL"` is the default. CLOSED, ESCHEAT and
         *     CHARGEOFF are terminal: an account in one of them cannot move to another status
         *     (409); every other transition is allowed.
         * @enum {string}
         */
        AccountStatus: "NULL" | "ACTIVE" | "INACTIVE" | "DORMANT" | "CLOSED" | "ESCHEAT" | "CHARGEOFF";
        /** @description An NGN bank account was opened. */
        BankAccountCreatedEvent: {
            /** @description The event's id (`evt_…`). */
            id: string;
            /**
             * @description The resource and the change, e.g. `file.updated`. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "bank_account.created";
            /**
             * Format: date-time
             * @description When the change committed (UTC).
             */
            created_at: string;
            /** @description The resource the change made or changed. */
            data: {
                /** @description The resource right after the change (for a delete or a purge: as it was last). */
                object: components["schemas"]["NgnBankAccount"];
            };
        };
        /** @description An NGN bank account was updated (a PUT). */
        BankAccountUpdatedEvent: {
            /** @description The event's id (`evt_…`). */
            id: string;
            /**
             * @description The resource and the change, e.g. `file.updated`. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "bank_account.updated";
            /**
             * Format: date-time
             * @description When the change committed (UTC).
             */
            created_at: string;
            /** @description The resource the change made or changed. */
            data: {
                /** @description The resource right after the change (for a delete or a purge: as it was last). */
                object: components["schemas"]["NgnBankAccount"];
                /**
                 * @description The fields of `object` that the change changed, each with its value before the
                 *     change (as Stripe's events carry them). Fields the change left alone are absent.
                 */
                previous_attributes: {
                    [key: string]: unknown;
                };
            };
        };
        /**
         * @description A bin entry: a file or folder (with its subtree) that was moved to the bin by
         *     setting `is_deleted`. Entries are kept for a retention period (30 days by
         *     default) and then purged with their content.
         */
        Bin: {
            /** @description The server-assigned identifier. */
            readonly id: string;
            /** @description The name of the binned item. */
            name: string;
            /** @description The description of the binned item (empty when it had none). */
            description: string;
            /** @description `file` or `folder`. */
            file_type: components["schemas"]["BinItemType"];
            /**
             * Format: int64
             * @description The size in bytes of the item (a folder: its whole subtree).
             */
            file_size: number;
            /** @description The unit of `file_size`: always `B`. */
            file_size_unit: string;
            /** @description The binned file's extension; empty for a folder. */
            extension: string;
            /** @description Whole days left before the entry is purged, as a decimal string (`"30"` right after deletion, `"0"` on the last day). */
            days_till_expiry: string;
            /** @description The tags of the binned item. */
            tags: components["schemas"]["Tag"][];
            /**
             * Format: date-time
             * @description When the item was moved to the bin.
             */
            readonly created_at: string;
            /**
             * Format: date-time
             * @description When the resource last changed (UTC).
             */
            readonly updated_at: string;
        };
        /**
         * @description What a bin entry holds.
         * @enum {string}
         */
        BinItemType: "file" | "folder";
        /** @description A page of bin entries. */
        BinPage: {
            /** @description The items of this page, at most `page_size` of them. */
            results: components["schemas"]["Bin"][];
            /**
             * Format: uri
             * @description The absolute URL of the next page (the same filters and `page_size`, with a `cursor`), or null on the last page.
             */
            next: string | null;
        };
        /** @description A bin entry was deleted for good with its item (its DELETE, or expired and swept); `object` is the entry as it was. */
        BinPurgedEvent: {
            /** @description The event's id (`evt_…`). */
            id: string;
            /**
             * @description The resource and the change, e.g. `file.updated`. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "bin.purged";
            /**
             * Format: date-time
             * @description When the change committed (UTC).
             */
            created_at: string;
            /** @description The resource the change made or changed. */
            data: {
                /** @description The resource right after the change (for a delete or a purge: as it was last). */
                object: components["schemas"]["Bin"];
            };
        };
        /** @description The tags to attach to the restored item (created by name on first use); may be empty. */
        BinRestoreRequest: {
            /** @description The tags to attach to the restored item (at most 100); may be empty. */
            tags: components["schemas"]["TagInput"][];
        };
        /** @description A bin entry was restored; `object` is the entry as it was. */
        BinRestoredEvent: {
            /** @description The event's id (`evt_…`). */
            id: string;
            /**
             * @description The resource and the change, e.g. `file.updated`. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "bin.restored";
            /**
             * Format: date-time
             * @description When the change committed (UTC).
             */
            created_at: string;
            /** @description The resource the change made or changed. */
            data: {
                /** @description The resource right after the change (for a delete or a purge: as it was last). */
                object: components["schemas"]["Bin"];
            };
        };
        /** @description A byte count or offset in a tus header: a decimal integer without sign or leading zeros. */
        ByteCount: string;
        /**
         * @description Whether an account is personal, business or unclassified. `"NULL"` is the default (labelled Default in the service spec).
         * @enum {string}
         */
        Classification: "NULL" | "PERSONAL" | "BUSINESS";
        /** @description The currency of an account. NGN accounts always carry the naira. */
        Currency: {
            /** @description The server-assigned identifier. */
            id: string;
            /** @description e.g. `Nigerian Naira`. */
            name: string;
            /** @description ISO 4217 code, e.g. `NGN`. */
            code: string;
            /** @description e.g. `₦`. */
            symbol: string;
        };
        /** @description One try to send an event to an endpoint. */
        DeliveryAttempt: {
            /**
             * Format: date-time
             * @description When the try started (UTC).
             */
            at: string;
            /**
             * Format: int32
             * @description The receiver's status, or null when none came (a timeout, a refused connection, a refused address).
             */
            status_code: number | null;
            /**
             * Format: int32
             * @description How long the try took, in milliseconds.
             */
            duration_ms: number;
            /** @description Why the try failed, or null when it delivered. */
            error: string | null;
        };
        /**
         * @description A URL that downloads one content with no credentials until `expires_at`: hand it to a
         *     browser tab, `curl`, a player or another service. Anyone who has it can download the
         *     content, so give it only to whom the content is for.
         */
        DownloadLink: {
            /**
             * Format: uri
             * @description The download. With the file store on S3 it is the object's presigned URL at the
             *     store (the bytes never pass through this service; the store names the file and its
             *     type in its answer); with files on disk it is this service's
             *     `/evault/v2/downloads/{token}/`, whose token is signed with the server's root secret.
             */
            url: string;
            /**
             * Format: date-time
             * @description When the link stops working.
             */
            expires_at: string;
        };
        /** @description How long a new download link works. */
        DownloadLinkRequest: {
            /**
             * Format: int32
             * @description Seconds until the link stops working: 60 to 14,400 (4 hours); 3,600 when omitted.
             * @default 3600
             */
            expires_in?: number;
        };
        /**
         * Format: email
         * @description An email address (v2's `emails`): at most 254 characters.
         */
        EmailAddress: string;
        /** @description A share's email addresses from v2 on: at most 100. */
        EmailAddresses: components["schemas"]["EmailAddress"][];
        /**
         * @description Every event, told apart by `type`. The event payloads are component schemas: the
         *     OpenAPI 3.1 `webhooks` object is not emitted by `@typespec/openapi3` 1.11 (see
         *     `docs/decisions/events.md`).
         */
        Event: components["schemas"]["BankAccountCreatedEvent"] | components["schemas"]["BankAccountUpdatedEvent"] | components["schemas"]["FileCreatedEvent"] | components["schemas"]["FileUpdatedEvent"] | components["schemas"]["FileBinnedEvent"] | components["schemas"]["FolderCreatedEvent"] | components["schemas"]["FolderUpdatedEvent"] | components["schemas"]["FolderDuplicatedEvent"] | components["schemas"]["FolderBinnedEvent"] | components["schemas"]["FileShareCreatedEvent"] | components["schemas"]["FileShareUpdatedEvent"] | components["schemas"]["FileShareRevokedEvent"] | components["schemas"]["BinRestoredEvent"] | components["schemas"]["BinPurgedEvent"] | components["schemas"]["FileVersionRestoredEvent"] | components["schemas"]["FileVersionDeletedEvent"] | components["schemas"]["WebhookEndpointCreatedEvent"] | components["schemas"]["WebhookEndpointUpdatedEvent"] | components["schemas"]["WebhookEndpointDeletedEvent"] | components["schemas"]["WebhookEndpointDisabledEvent"] | components["schemas"]["PingEvent"];
        /** @description A page of events. */
        EventPage: {
            /** @description The items of this page, at most `page_size` of them. */
            results: components["schemas"]["Event"][];
            /**
             * Format: uri
             * @description The absolute URL of the next page (the same filters and `page_size`, with a `cursor`), or null on the last page.
             */
            next: string | null;
        };
        /** @description A `type` filter: an event type (`file.updated`) or a prefix ending in `.` (`file.`: every file event). */
        EventTypeFilter: string;
        /** @description One field that broke the contract or a domain rule. */
        FieldError: {
            /** @description Where the field is, as a JSON pointer into the request: `/body/account_number`, `/path/id`, `/headers/if-match`. */
            path: string;
            /** @description What is wrong with the field, in plain words. */
            message: string;
            /** @description A stable machine-readable code for the failure (e.g. `maxLength`, `required`, `enum`, `not_found`). */
            code: string;
        };
        /**
         * @description An uploaded file. Content fields (`hash`, `mimetype`, `extension`, `file_size`,
         *     `file_size_unit`) are computed by the server from the stored bytes.
         */
        File: {
            /** @description The server-assigned identifier. */
            readonly id: string;
            /**
             * Format: uri
             * @description Absolute URL that downloads exactly the stored bytes (the `downloadFile` operation).
             */
            readonly file: string;
            /** @description SHA-256 of the content, lowercase hex; null only before any content was stored. */
            readonly hash: string | null;
            /** @description Sniffed from the bytes, never trusted from the client; `text/plain` for text, `application/octet-stream` when unknown; null only before any content. */
            readonly mimetype: string | null;
            /** @description The extension of the uploaded filename without the dot, lowercase (empty when it has none). */
            readonly extension: string;
            /**
             * Format: int64
             * @description The size of the content in bytes.
             */
            readonly file_size: number;
            /** @description The unit of `file_size`: always `B`. */
            readonly file_size_unit: string;
            /** @description True when the file is at the root of the hierarchy (`folder` is null). */
            readonly root: boolean;
            /** @description The access of the file's share (`public` or `private`), or null when the file is not shared. */
            readonly access: string | null;
            /** @description The id of the share of this file, or null when it is not shared. */
            readonly file_share_id: string | null;
            /** @description Whether a file share points at this item. */
            readonly is_shared: boolean;
            /** @description The file's tags as objects. */
            readonly tags_detail: components["schemas"]["Tag"][];
            /**
             * Format: date-time
             * @description When the resource was created (UTC).
             */
            readonly created_at: string;
            /**
             * Format: date-time
             * @description When the resource last changed (UTC).
             */
            readonly updated_at: string;
            /** @description The name of the file upload, at most 255 characters; defaults to the uploaded filename. */
            name?: string | null;
            /** @description Free text about the file, at most 500 characters, or null. */
            description?: string | null;
            /** @description The id of the enclosing folder; null at the root. */
            folder?: string | null;
            /** @description Marked as a favourite by its owner. */
            is_starred?: boolean;
            /** @description Archived: kept, but set aside from everyday views. */
            is_archived?: boolean;
            /** @description True while the file is in the bin. */
            is_deleted?: boolean;
            /** @description The names of the file's tags. */
            tags?: string[];
        };
        /** @description A file was moved to the bin (its DELETE); `object` is its bin entry. */
        FileBinnedEvent: {
            /** @description The event's id (`evt_…`). */
            id: string;
            /**
             * @description The resource and the change, e.g. `file.updated`. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "file.binned";
            /**
             * Format: date-time
             * @description When the change committed (UTC).
             */
            created_at: string;
            /** @description The resource the change made or changed. */
            data: {
                /** @description The resource right after the change (for a delete or a purge: as it was last). */
                object: components["schemas"]["Bin"];
            };
        };
        FileCreateForm: {
            /**
             * Format: binary
             * @description The new content, streamed to disk; its filename gives `extension` and the default `name`.
             */
            file: Blob;
            /** @description The new name; omitted or empty means the uploaded filename. */
            name?: components["schemas"]["ItemName"];
            /** @description The new description; omitted clears it. */
            description?: components["schemas"]["ItemDescription"];
            /** @description Marked as a favourite by its owner. */
            is_starred?: boolean;
            /** @description Archived: kept, but set aside from everyday views. */
            is_archived?: boolean;
            /** @description True moves the item to the bin (a bin entry is created). */
            is_deleted?: boolean;
            /** @description Tag names, one part per tag (at most 100); they replace the file's tags and are created on first use. */
            tags?: components["schemas"]["TagName"][];
            /** @description The id of one of the caller's folders to put the file in (422 when it is not one, or is in the bin). */
            folder: components["schemas"]["FolderRef"];
        };
        /** @description A file was uploaded (a multipart create or a finished tus upload). */
        FileCreatedEvent: {
            /** @description The event's id (`evt_…`). */
            id: string;
            /**
             * @description The resource and the change, e.g. `file.updated`. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "file.created";
            /**
             * Format: date-time
             * @description When the change committed (UTC).
             */
            created_at: string;
            /** @description The resource the change made or changed. */
            data: {
                /** @description The resource right after the change (for a delete or a purge: as it was last). */
                object: components["schemas"]["File"];
            };
        };
        /** @description A file that matched a search. */
        FileHit: {
            /**
             * @description `file`: `item` is a File. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            kind: "file";
            /** @description The file, as its read answers it. */
            item: components["schemas"]["File"];
            /** @description The names of the folders above it, from the top level down (empty at the root). */
            path: string[];
        };
        /** @description A page of the files of one folder. */
        FilePage: {
            /** @description The items of this page, at most `page_size` of them. */
            results: components["schemas"]["File"][];
            /**
             * Format: uri
             * @description The absolute URL of the next page (the same filters and `page_size`, with a `cursor`), or null on the last page.
             */
            next: string | null;
        };
        /** @description A file sharing instance: one of the caller's files or folders shared with users and emails. */
        FileShare: {
            /** @description The server-assigned identifier. */
            readonly id: string;
            /** @description The owner of the share. */
            readonly user: components["schemas"]["User"];
            /** @description What is shared: `file`, `folder`, or `none` while the share points at nothing. */
            readonly file_type: string;
            /** @description The shared file; null when the share is of a folder. */
            readonly file_detail: (components["schemas"]["File"] | (never | null)) | null;
            /** @description The shared folder; null when the share is of a file. */
            readonly folder_detail: (components["schemas"]["FolderDetail"] | (never | null)) | null;
            /**
             * @description The users of `users`, in the same order, leaving out any who no longer share with
             *     the share's owner: only they, and the owner, are shown.
             */
            readonly users_detail: components["schemas"]["User"][];
            /** @description Whether the share is protected by a password. The password itself is never returned. */
            readonly has_password: boolean;
            /**
             * Format: uri
             * @description The share's link, `…/evault/v2/links/{token}/`: whoever holds it may open what is
             *     shared as `access` allows. The token is 192 random-looking bits (base64url, 32
             *     characters) unrelated to the share's id; it stays the same until
             *     `POST …/file_shares/{id}/link/` replaces it, which ends the old link at once.
             *     It is shown to the share's owner on every read (as Box and Dropbox show theirs):
             *     the server keeps only its SHA-256 for finding the share, and derives the token
             *     again from a random value of the share and a server secret to show it.
             */
            readonly link: string;
            /**
             * Format: int64
             * @description How many times the whole content was downloaded through the link (range requests of a part do not count).
             */
            readonly download_count: number;
            /**
             * Format: date-time
             * @description When a request through the link was last served, or null if never: a refused one (no
             *     unlock, a wrong password, an item outside the link) leaves it. Kept to the minute: a
             *     burst of requests (the ranges of a video) moves it once.
             */
            readonly last_accessed_at: string | null;
            /**
             * Format: date-time
             * @description When the resource was created (UTC).
             */
            readonly created_at: string;
            /**
             * Format: date-time
             * @description When the resource last changed (UTC).
             */
            readonly updated_at: string;
            /** @description The id of the shared file, or null. */
            file?: string | null;
            /** @description The id of the shared folder, or null. */
            folder?: string | null;
            access?: components["schemas"]["ShareAccess"];
            /** @description The ids of the users linked to the share. */
            users?: components["schemas"]["UserId"][];
            /**
             * @description Emails of persons or users linked to the share. v1 shows them as given, or null;
             *     from v2 on they are the addresses among them (a text that is an address, or an
             *     object's `email`), in order, and an empty list for none.
             */
            emails?: components["schemas"]["EmailAddresses"];
            /**
             * Format: date-time
             * @description When the link stops opening (it then answers 410 `share_expired`), or null for never.
             */
            expires_at: string | null;
        };
        /**
         * @description A new file share: the update's fields, with exactly one of `file` and `folder`
         *     (neither is a 422 naming `file`; both, a 422 naming `folder`). `access` defaults to
         *     `private`, `users` to none, `emails` and `expires_at` to null.
         */
        FileShareCreate: {
            /** @description The id of one of the caller's files to share, or null to stop sharing a file. */
            file?: string | null;
            /** @description The id of one of the caller's folders to share, or null to stop sharing a folder. */
            folder?: string | null;
            access?: components["schemas"]["ShareAccess"];
            /** @description The ids of existing users to link to the share (at most 100); replaces the current list. */
            users?: components["schemas"]["UserId"][];
            /** @description Emails of persons or users to link to the share (v1: any of `Emails`, or null); replaces the current list. */
            emails?: components["schemas"]["EmailAddresses"];
            /**
             * Format: date-time
             * @description When the link stops opening, RFC 3339 with a time zone (a time already past ends
             *     access at once; the link then answers 410 `share_expired`), or null for never.
             *     At most 64 characters, e.g. `2026-04-01T00:00:00Z`.
             */
            expires_at?: string | null;
            /**
             * @description Write-only, 1 to 1024 characters: stored hashed, never returned or logged. Hashing
             *     takes turns by owner: with too many of the caller's hashes waiting, the write answers
             *     429 with `Retry-After`.
             */
            password?: string;
        };
        /** @description A file share was created. */
        FileShareCreatedEvent: {
            /** @description The event's id (`evt_…`). */
            id: string;
            /**
             * @description The resource and the change, e.g. `file.updated`. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "file_share.created";
            /**
             * Format: date-time
             * @description When the change committed (UTC).
             */
            created_at: string;
            /** @description The resource the change made or changed. */
            data: {
                /** @description The resource right after the change (for a delete or a purge: as it was last). */
                object: components["schemas"]["FileShareEventObject"];
            };
        };
        /**
         * @description A file share as its events carry it: the share as the API answers it, without `link`.
         *     The link's token opens what is shared, and an event is kept for
         *     `EVENTS_RETENTION_DAYS` and sent to every subscribed webhook receiver, so neither the
         *     stored event nor its delivery holds it: a receiver that needs the link reads the share
         *     (`GET /evault/v2/file_shares/{id}/`). A new link is a `file_share.updated` whose
         *     `previous_attributes` name no `link` (its `updated_at` changes).
         */
        FileShareEventObject: {
            /** @description The server-assigned identifier. */
            readonly id: string;
            /** @description The owner of the share. */
            readonly user: components["schemas"]["User"];
            /** @description What is shared: `file`, `folder`, or `none` while the share points at nothing. */
            readonly file_type: string;
            /** @description The shared file; null when the share is of a folder. */
            readonly file_detail: (components["schemas"]["File"] | (never | null)) | null;
            /** @description The shared folder; null when the share is of a file. */
            readonly folder_detail: (components["schemas"]["FolderDetail"] | (never | null)) | null;
            /**
             * @description The users of `users`, in the same order, leaving out any who no longer share with
             *     the share's owner: only they, and the owner, are shown.
             */
            readonly users_detail: components["schemas"]["User"][];
            /** @description Whether the share is protected by a password. The password itself is never returned. */
            readonly has_password: boolean;
            /**
             * Format: int64
             * @description How many times the whole content was downloaded through the link (range requests of a part do not count).
             */
            readonly download_count: number;
            /**
             * Format: date-time
             * @description When a request through the link was last served, or null if never: a refused one (no
             *     unlock, a wrong password, an item outside the link) leaves it. Kept to the minute: a
             *     burst of requests (the ranges of a video) moves it once.
             */
            readonly last_accessed_at: string | null;
            /**
             * Format: date-time
             * @description When the resource was created (UTC).
             */
            readonly created_at: string;
            /**
             * Format: date-time
             * @description When the resource last changed (UTC).
             */
            readonly updated_at: string;
            /** @description The id of the shared file, or null. */
            file?: string | null;
            /** @description The id of the shared folder, or null. */
            folder?: string | null;
            access?: components["schemas"]["ShareAccess"];
            /** @description The ids of the users linked to the share. */
            users?: components["schemas"]["UserId"][];
            /**
             * @description Emails of persons or users linked to the share. v1 shows them as given, or null;
             *     from v2 on they are the addresses among them (a text that is an address, or an
             *     object's `email`), in order, and an empty list for none.
             */
            emails?: components["schemas"]["EmailAddresses"];
            /**
             * Format: date-time
             * @description When the link stops opening (it then answers 410 `share_expired`), or null for never.
             */
            expires_at: string | null;
        };
        /** @description A page of file shares. */
        FileSharePage: {
            /** @description The items of this page, at most `page_size` of them. */
            results: components["schemas"]["FileShare"][];
            /**
             * Format: uri
             * @description The absolute URL of the next page (the same filters and `page_size`, with a `cursor`), or null on the last page.
             */
            next: string | null;
        };
        /** @description A file share was revoked (its DELETE); `object` is the share as it was. */
        FileShareRevokedEvent: {
            /** @description The event's id (`evt_…`). */
            id: string;
            /**
             * @description The resource and the change, e.g. `file.updated`. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "file_share.revoked";
            /**
             * Format: date-time
             * @description When the change committed (UTC).
             */
            created_at: string;
            /** @description The resource the change made or changed. */
            data: {
                /** @description The resource right after the change (for a delete or a purge: as it was last). */
                object: components["schemas"]["FileShareEventObject"];
            };
        };
        /**
         * @description A partial update of a file share: only the given fields change. `file` and
         *     `folder` must name the caller's own items, else 422 naming the field. `users` may
         *     name only the caller and users who share with the caller (who list the caller in
         *     `users` of one of their own shares); any other id is a 422 naming it that reads the
         *     same whether or not a user has that id, so ids cannot be walked to read the user
         *     table. A share points at one item: setting `file` clears `folder` and
         *     the reverse, and giving both (neither null) is a 422 naming `folder`. `password`
         *     is stored as a salted scrypt hash and never returned; `null` is not accepted, so a
         *     password can be replaced but not removed here.
         */
        FileShareUpdate: {
            /** @description The id of one of the caller's files to share, or null to stop sharing a file. */
            file?: string | null;
            /** @description The id of one of the caller's folders to share, or null to stop sharing a folder. */
            folder?: string | null;
            access?: components["schemas"]["ShareAccess"];
            /** @description The ids of existing users to link to the share (at most 100); replaces the current list. */
            users?: components["schemas"]["UserId"][];
            /** @description Emails of persons or users to link to the share (v1: any of `Emails`, or null); replaces the current list. */
            emails?: components["schemas"]["EmailAddresses"];
            /**
             * Format: date-time
             * @description When the link stops opening, RFC 3339 with a time zone (a time already past ends
             *     access at once; the link then answers 410 `share_expired`), or null for never.
             *     At most 64 characters, e.g. `2026-04-01T00:00:00Z`.
             */
            expires_at?: string | null;
            /**
             * @description Write-only, 1 to 1024 characters: stored hashed, never returned or logged. Hashing
             *     takes turns by owner: with too many of the caller's hashes waiting, the write answers
             *     429 with `Retry-After`.
             */
            password?: string;
        };
        /** @description A file share was changed (its PATCH, or a new link). */
        FileShareUpdatedEvent: {
            /** @description The event's id (`evt_…`). */
            id: string;
            /**
             * @description The resource and the change, e.g. `file.updated`. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "file_share.updated";
            /**
             * Format: date-time
             * @description When the change committed (UTC).
             */
            created_at: string;
            /** @description The resource the change made or changed. */
            data: {
                /** @description The resource right after the change (for a delete or a purge: as it was last). */
                object: components["schemas"]["FileShareEventObject"];
                /**
                 * @description The fields of `object` that the change changed, each with its value before the
                 *     change (as Stripe's events carry them). Fields the change left alone are absent.
                 */
                previous_attributes: {
                    [key: string]: unknown;
                };
            };
        };
        FileUpdateForm: {
            /**
             * Format: binary
             * @description The new content, streamed to disk; its filename gives `extension` and the default `name`.
             */
            file: Blob;
            /** @description The new name; omitted or empty means the uploaded filename. */
            name?: components["schemas"]["ItemName"];
            /** @description The new description; omitted clears it. */
            description?: components["schemas"]["ItemDescription"];
            /** @description The id of one of the caller's folders to move the file into (422 otherwise). */
            folder?: components["schemas"]["FolderRef"];
            /** @description Marked as a favourite by its owner. */
            is_starred?: boolean;
            /** @description Archived: kept, but set aside from everyday views. */
            is_archived?: boolean;
            /** @description True moves the item to the bin (a bin entry is created). */
            is_deleted?: boolean;
            /** @description Tag names, one part per tag (at most 100); they replace the file's tags and are created on first use. */
            tags?: components["schemas"]["TagName"][];
        };
        /** @description A file's content and fields were replaced (a PUT or a finished tus upload of a new content). */
        FileUpdatedEvent: {
            /** @description The event's id (`evt_…`). */
            id: string;
            /**
             * @description The resource and the change, e.g. `file.updated`. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "file.updated";
            /**
             * Format: date-time
             * @description When the change committed (UTC).
             */
            created_at: string;
            /** @description The resource the change made or changed. */
            data: {
                /** @description The resource right after the change (for a delete or a purge: as it was last). */
                object: components["schemas"]["File"];
                /**
                 * @description The fields of `object` that the change changed, each with its value before the
                 *     change (as Stripe's events carry them). Fields the change left alone are absent.
                 */
                previous_attributes: {
                    [key: string]: unknown;
                };
            };
        };
        /**
         * @description One content a file has had: its current one, or an earlier one a content change kept.
         *     A change of a file's fields alone makes no version; a new upload of the content it
         *     already has makes none either.
         */
        FileVersion: {
            /** @description The version's id (not the file's): pass it to the version's content, restore and delete. */
            id: string;
            /**
             * Format: int64
             * @description The size of its content in bytes.
             */
            size: number;
            /** @description The SHA-256 of its content, hex: equal for equal contents. */
            sha256: string;
            /** @description The sniffed type of its content. */
            content_type: string;
            /**
             * Format: date-time
             * @description When this content became the file's.
             */
            created_at: string;
            /** @description Whether this is the file's current content (its `file` download). */
            is_current: boolean;
        };
        /** @description An earlier version of a file was deleted; `object` is the version as it was. */
        FileVersionDeletedEvent: {
            /** @description The event's id (`evt_…`). */
            id: string;
            /**
             * @description The resource and the change, e.g. `file.updated`. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "file_version.deleted";
            /**
             * Format: date-time
             * @description When the change committed (UTC).
             */
            created_at: string;
            /** @description The resource the change made or changed. */
            data: {
                /** @description The resource right after the change (for a delete or a purge: as it was last). */
                object: components["schemas"]["FileVersion"];
            };
        };
        /** @description A page of a file's versions. */
        FileVersionPage: {
            /** @description The items of this page, at most `page_size` of them. */
            results: components["schemas"]["FileVersion"][];
            /**
             * Format: uri
             * @description The absolute URL of the next page (the same filters and `page_size`, with a `cursor`), or null on the last page.
             */
            next: string | null;
        };
        /** @description A version's content was made a file's current one; `object` is the file. */
        FileVersionRestoredEvent: {
            /** @description The event's id (`evt_…`). */
            id: string;
            /**
             * @description The resource and the change, e.g. `file.updated`. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "file_version.restored";
            /**
             * Format: date-time
             * @description When the change committed (UTC).
             */
            created_at: string;
            /** @description The resource the change made or changed. */
            data: {
                /** @description The resource right after the change (for a delete or a purge: as it was last). */
                object: components["schemas"]["File"];
                /**
                 * @description The fields of `object` that the change changed, each with its value before the
                 *     change (as Stripe's events carry them). Fields the change left alone are absent.
                 */
                previous_attributes: {
                    [key: string]: unknown;
                };
            };
        };
        /** @description A folder of the vault. Folders form a tree per user; the root is implied (a folder at the root has no `folder`). */
        Folder: {
            /** @description The server-assigned identifier. */
            readonly id: string;
            /** @description The access of the folder's share (`public` or `private`), `private` when the folder is not shared. */
            readonly access: string;
            /**
             * Format: int32
             * @description The number of files in the folder's whole subtree.
             */
            readonly files_count: number;
            /**
             * Format: int32
             * @description The number of folders in the folder's subtree, itself excluded.
             */
            readonly folders_count: number;
            /**
             * Format: int64
             * @description The sum of the sizes of the files in the subtree.
             */
            readonly file_size: number;
            /** @description The unit of `file_size`: always `B`. */
            readonly file_size_unit: string;
            /** @description Folders have no extension: always the empty string. */
            readonly extension: string;
            /** @description The id of the parent folder; absent when the folder is at the root. */
            readonly parent_folder?: string;
            /** @description True when the folder is at the root of the folder hierarchy. */
            readonly root: boolean;
            /**
             * Format: date-time
             * @description When the resource was created (UTC).
             */
            readonly created_at: string;
            /**
             * Format: date-time
             * @description When the resource last changed (UTC).
             */
            readonly updated_at: string;
            /** @description At most 255 characters. */
            name: components["schemas"]["ItemName"];
            /** @description Free text; the empty string when none was given. */
            description: components["schemas"]["ItemDescription"];
            /** @description Marked as a favourite by its owner. */
            is_starred: boolean;
            /** @description Archived: kept, but set aside from everyday views. */
            is_archived: boolean;
            /** @description True while the folder is in the bin. */
            is_deleted: boolean;
            /** @description The folder's tags, as objects. */
            tags: components["schemas"]["Tag"][];
            /** @description The folder's path from the root by names, e.g. `/Documents/Reports`. */
            readonly path: string;
            /** @description The id of the folder's share; absent when it is not shared. */
            readonly file_share_id?: string;
            /** @description Whether a file share points at this item. */
            readonly is_shared: boolean;
            /** @description The enclosing folder that contains this folder; absent at the root (the default). */
            folder?: string;
        };
        /** @description A folder was moved to the bin with its subtree (its DELETE); `object` is its bin entry. */
        FolderBinnedEvent: {
            /** @description The event's id (`evt_…`). */
            id: string;
            /**
             * @description The resource and the change, e.g. `file.updated`. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "folder.binned";
            /**
             * Format: date-time
             * @description When the change committed (UTC).
             */
            created_at: string;
            /** @description The resource the change made or changed. */
            data: {
                /** @description The resource right after the change (for a delete or a purge: as it was last). */
                object: components["schemas"]["Bin"];
            };
        };
        /**
         * @description A new folder. `name` is required; `folder` is the parent (one of the caller's
         *     folders outside the bin, else 422), null or omitted for a top-level folder; `tags`
         *     are created by name on first use.
         */
        FolderCreate: {
            /** @description The folder name, 1 to 255 characters. */
            name: components["schemas"]["ItemName"];
            /** @description The folder description, at most 500 characters; the empty string when omitted. */
            description?: components["schemas"]["ItemDescription"];
            /** @description Marked as a favourite by its owner. */
            is_starred?: boolean;
            /** @description Archived: kept, but set aside from everyday views. */
            is_archived?: boolean;
            /**
             * @description The id of one of the caller's folders to hold this one, or null (the default) for
             *     a top-level folder. Folders nest at most 256 levels deep (a top-level folder is at
             *     level 1): a parent at level 256 is a 422 `too_deep`.
             */
            folder?: string | null;
            /** @description The folder's tags (at most 100, each created by name on first use). */
            tags?: components["schemas"]["TagInput"][];
        };
        /** @description A folder was created. */
        FolderCreatedEvent: {
            /** @description The event's id (`evt_…`). */
            id: string;
            /**
             * @description The resource and the change, e.g. `file.updated`. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "folder.created";
            /**
             * Format: date-time
             * @description When the change committed (UTC).
             */
            created_at: string;
            /** @description The resource the change made or changed. */
            data: {
                /** @description The resource right after the change (for a delete or a purge: as it was last). */
                object: components["schemas"]["Folder"];
            };
        };
        /** @description The folder embedded in a file share (`folder_detail`). */
        FolderDetail: {
            /** @description The server-assigned identifier. */
            readonly id: string;
            /** @description The access of the folder's share (`public` or `private`), `private` when the folder is not shared. */
            readonly access: string;
            /**
             * Format: int32
             * @description The number of files in the folder's whole subtree.
             */
            readonly files_count: number;
            /**
             * Format: int32
             * @description The number of folders in the folder's subtree, itself excluded.
             */
            readonly folders_count: number;
            /**
             * Format: int64
             * @description The sum of the sizes of the files in the subtree.
             */
            readonly file_size: number;
            /** @description The unit of `file_size`: always `B`. */
            readonly file_size_unit: string;
            /** @description Folders have no extension: always the empty string. */
            readonly extension: string;
            /** @description The id of the parent folder; absent when the folder is at the root. */
            readonly parent_folder?: string;
            /** @description True when the folder is at the root of the folder hierarchy. */
            readonly root: boolean;
            /**
             * Format: date-time
             * @description When the resource was created (UTC).
             */
            readonly created_at: string;
            /**
             * Format: date-time
             * @description When the resource last changed (UTC).
             */
            readonly updated_at: string;
            /** @description At most 255 characters. */
            name: components["schemas"]["ItemName"];
            /** @description Free text; the empty string when none was given. */
            description: components["schemas"]["ItemDescription"];
            /** @description Marked as a favourite by its owner. */
            is_starred: boolean;
            /** @description Archived: kept, but set aside from everyday views. */
            is_archived: boolean;
            /** @description True while the folder is in the bin. */
            is_deleted: boolean;
            /** @description The folder's tags, as objects. */
            tags: components["schemas"]["Tag"][];
            /**
             * @description The ids of the files directly in the folder, comma-separated (empty when none):
             *     at most the 100 oldest (by `created_at`, then `id`), so a share of a big folder
             *     stays small; the file list with `?folder=` pages through all of them.
             */
            readonly files: string;
            /**
             * @description The ids of the folders directly in the folder, comma-separated (empty when none):
             *     at most the 100 oldest (by `created_at`, then `id`); the folder list with
             *     `?parent=` pages through all of them.
             */
            readonly folders: string;
        };
        /** @description A folder was deep-copied; `object` is the copy. */
        FolderDuplicatedEvent: {
            /** @description The event's id (`evt_…`). */
            id: string;
            /**
             * @description The resource and the change, e.g. `file.updated`. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "folder.duplicated";
            /**
             * Format: date-time
             * @description When the change committed (UTC).
             */
            created_at: string;
            /** @description The resource the change made or changed. */
            data: {
                /** @description The resource right after the change (for a delete or a purge: as it was last). */
                object: components["schemas"]["Folder"];
            };
        };
        /** @description A folder that matched a search. */
        FolderHit: {
            /**
             * @description `folder`: `item` is a Folder. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            kind: "folder";
            /** @description The folder, as its read answers it. */
            item: components["schemas"]["Folder"];
            /** @description The names of the folders above it, from the top level down (empty at the top level). */
            path: string[];
        };
        /**
         * @description The folder fields a request may set. The minimum length of 1 binds `name` and
         *     `folder` (the service spec does not say which field it binds; an empty name or
         *     folder id is never meaningful). `folder: null` means the root. `tags` replaces the
         *     folder's tags (each created by name on first use); omitted keeps them.
         */
        FolderInput: {
            /** @description The folder name, 1 to 255 characters. */
            name?: components["schemas"]["ItemName"];
            /** @description The folder description, at most 500 characters. */
            description?: components["schemas"]["ItemDescription"];
            /** @description Marked as a favourite by its owner. */
            is_starred?: boolean;
            /** @description Archived: kept, but set aside from everyday views. */
            is_archived?: boolean;
            /** @description True moves the folder and its whole subtree to the bin. */
            is_deleted?: boolean;
            /**
             * @description The id of one of the caller's folders to hold this one, or null for the root; it
             *     must not be inside the folder itself, and no folder of the subtree may end up
             *     deeper than 256 levels (422 `too_deep`).
             */
            folder?: string | null;
            /** @description Replaces the folder's tags (at most 100, each created by name on first use); omitted keeps them. */
            tags?: components["schemas"]["TagInput"][];
        };
        /** @description A page of folders. */
        FolderPage: {
            /** @description The items of this page, at most `page_size` of them. */
            results: components["schemas"]["Folder"][];
            /**
             * Format: uri
             * @description The absolute URL of the next page (the same filters and `page_size`, with a `cursor`), or null on the last page.
             */
            next: string | null;
        };
        /** @description An id of one of the caller's folders, given in a request: 1 to 64 characters (ids are UUIDs, 36 characters). */
        FolderRef: string;
        /** @description A folder was changed (the favourite PATCH: fields, move, tags, or `is_deleted`). */
        FolderUpdatedEvent: {
            /** @description The event's id (`evt_…`). */
            id: string;
            /**
             * @description The resource and the change, e.g. `file.updated`. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "folder.updated";
            /**
             * Format: date-time
             * @description When the change committed (UTC).
             */
            created_at: string;
            /** @description The resource the change made or changed. */
            data: {
                /** @description The resource right after the change (for a delete or a purge: as it was last). */
                object: components["schemas"]["Folder"];
                /**
                 * @description The fields of `object` that the change changed, each with its value before the
                 *     change (as Stripe's events carry them). Fields the change left alone are absent.
                 */
                previous_attributes: {
                    [key: string]: unknown;
                };
            };
        };
        /** @description A file or folder description: at most 500 characters. */
        ItemDescription: string;
        /** @description A file or folder name: at most 255 characters. */
        ItemName: string;
        /** @description What an unlock answers: the token the link's other operations take as `Authorization: Bearer <access_token>`. */
        LinkAccess: {
            /**
             * @description A signed token for this link only, valid until `expires_at` (15 minutes), and only
             *     while the share keeps its password and its link: a new password, a replaced link, a
             *     revoked share, an item in the bin or `expires_at` passing ends it at once. Any
             *     server of the service accepts it.
             */
            access_token: string;
            /**
             * Format: date-time
             * @description When the token stops working.
             */
            expires_at: string;
        };
        /** @description A file inside a shared folder, as its link shows it. */
        LinkFile: {
            /** @description The file's id. */
            id: string;
            /** @description The file's name. */
            name: string;
            /**
             * Format: int64
             * @description The size of its content in bytes.
             */
            size: number;
            /** @description The sniffed type of its content. */
            content_type: string;
            /**
             * Format: uri
             * @description The absolute URL of its content through the link, `…/links/{token}/files/{id}/content/`.
             */
            content: string;
            /**
             * Format: date-time
             * @description When the resource was created (UTC).
             */
            readonly created_at: string;
            /**
             * Format: date-time
             * @description When the resource last changed (UTC).
             */
            readonly updated_at: string;
        };
        /** @description A page of the files of a shared folder. */
        LinkFilePage: {
            /** @description The items of this page, at most `page_size` of them. */
            results: components["schemas"]["LinkFile"][];
            /**
             * Format: uri
             * @description The absolute URL of the next page (the same filters and `page_size`, with a `cursor`), or null on the last page.
             */
            next: string | null;
        };
        /** @description A folder inside a shared folder, as its link shows it. */
        LinkFolder: {
            /** @description The folder's id: pass it as `folder` to browse it. */
            id: string;
            /** @description The folder's name. */
            name: string;
            /**
             * Format: int64
             * @description The size of every file inside it (the bin left out), in bytes.
             */
            size: number;
            /**
             * Format: int64
             * @description How many files it holds, at every depth.
             */
            files_count: number;
            /**
             * Format: int64
             * @description How many folders it holds, at every depth.
             */
            folders_count: number;
            /**
             * Format: date-time
             * @description When the resource was created (UTC).
             */
            readonly created_at: string;
            /**
             * Format: date-time
             * @description When the resource last changed (UTC).
             */
            readonly updated_at: string;
        };
        /** @description A page of the folders of a shared folder. */
        LinkFolderPage: {
            /** @description The items of this page, at most `page_size` of them. */
            results: components["schemas"]["LinkFolder"][];
            /**
             * Format: uri
             * @description The absolute URL of the next page (the same filters and `page_size`, with a `cursor`), or null on the last page.
             */
            next: string | null;
        };
        /** @description The owner of what a link shares, as the link shows them: their name, never their email or id. */
        LinkOwner: {
            /** @description The owner's first and last name. */
            name: string;
        };
        /** @description The password of a link's share. */
        LinkUnlock: {
            /** @description The share's password, 1 to 1024 characters. */
            password: string;
        };
        /** @description Money is never a float: the balance is an exact integer number of kobo (1/100 naira) plus the same amount as a decimal string. */
        NairaBalance: {
            /**
             * Format: int64
             * @description The balance in kobo, exact: a balance is bounded to ±(2^53 − 1) kobo (about 90
             *     trillion naira), so a JSON number carries it without rounding in any client.
             */
            kobo: number;
            /** @description The balance in naira as a decimal string with two fraction digits, e.g. `"1250.05"`. */
            amount: string;
        };
        /** @description An NGN bank account owned by one user. */
        NgnBankAccount: {
            /** @description The server-assigned identifier. */
            readonly id: string;
            /** @description The owner of the account. */
            readonly user: components["schemas"]["User"];
            /** @description Whether the owner has set a transaction PIN. */
            readonly has_set_pin: boolean;
            /**
             * @description Unique among the owner's accounts; another user's accounts may hold the same
             *     number (a joint account), and nothing tells a user whether one does.
             */
            account_number: string;
            /** @description The account's currency (always the naira). */
            readonly currency: components["schemas"]["Currency"];
            /** @description The current balance. */
            readonly naira_balance: components["schemas"]["NairaBalance"];
            /** @description A server-assigned reference for reconciliation. */
            readonly tracking_reference: string;
            /**
             * Format: date-time
             * @description When the resource was created (UTC).
             */
            readonly created_at: string;
            /**
             * Format: date-time
             * @description Bumped on every successful update.
             */
            readonly updated_at: string;
            /** @description The name on the account, or null. */
            account_name?: string | null;
            /** @description Personal, business or unclassified (`"NULL"`, the default). */
            classification?: components["schemas"]["Classification"];
            /** @description The lifecycle status (`"NULL"`, the default, when unset). */
            status?: components["schemas"]["AccountStatus"];
            /** @description The registered business name for a BUSINESS account, or null. */
            business_name?: string | null;
            /** @description A free reference of the owner's, or null. */
            reference?: string | null;
        };
        /** @description A page of the caller's NGN bank accounts. */
        NgnBankAccountPage: {
            /** @description The items of this page, at most `page_size` of them. */
            results: components["schemas"]["NgnBankAccount"][];
            /**
             * Format: uri
             * @description The absolute URL of the next page (the same filters and `page_size`, with a `cursor`), or null on the last page.
             */
            next: string | null;
        };
        /**
         * @description The writable fields of an NGN bank account. A PUT is a full replacement: an omitted
         *     optional field goes back to its default (`null`, or `"NULL"` for the enums). Any
         *     other field, including the read-only ones (`id`, `user`, `has_set_pin`, `currency`,
         *     `naira_balance`, `tracking_reference`, timestamps), is rejected with 400.
         */
        NgnBankAccountReplacement: {
            /**
             * @description 1 to 255 characters; unique among the caller's accounts (a number another of them
             *     has answers 409). Another user's accounts neither block nor reveal a number.
             */
            account_number: string;
            /**
             * @description The name on the account, or null.
             * @default null
             */
            account_name?: string | null;
            /**
             * @description Personal, business or unclassified (`"NULL"`, the default).
             * @default NULL
             */
            classification?: components["schemas"]["Classification"];
            /**
             * @description The lifecycle status (`"NULL"`, the default, when unset).
             * @default NULL
             */
            status?: components["schemas"]["AccountStatus"];
            /**
             * @description The registered business name for a BUSINESS account, or null.
             * @default null
             */
            business_name?: string | null;
            /**
             * @description A free reference of the owner's, or null.
             * @default null
             */
            reference?: string | null;
        };
        /** @description A test event (`POST …/webhook_endpoints/{id}/test/`), sent only to the endpoint tested; `object` is the endpoint. */
        PingEvent: {
            /** @description The event's id (`evt_…`). */
            id: string;
            /**
             * @description The resource and the change, e.g. `file.updated`. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "ping";
            /**
             * Format: date-time
             * @description When the change committed (UTC).
             */
            created_at: string;
            /** @description The resource the change made or changed. */
            data: {
                /** @description The resource right after the change (for a delete or a purge: as it was last). */
                object: components["schemas"]["WebhookEndpoint"];
            };
        };
        /**
         * @description An RFC 9457 problem details document. Every error of every operation answers one,
         *     with `Content-Type: application/problem+json`. `type` is a stable URN per kind of
         *     problem (`urn:vault:problem:<code>`), so clients can branch on it.
         */
        Problem: {
            /**
             * Format: uri
             * @description A stable URN that identifies the kind of problem, e.g. `urn:vault:problem:validation`.
             */
            type: string;
            /** @description A short summary of the kind of problem; the same for every occurrence of a `type`. */
            title: string;
            /**
             * Format: int32
             * @description The HTTP status code of this response.
             */
            status: number;
            /** @description An explanation specific to this occurrence. Never contains internals or secrets. */
            detail?: string;
            /** @description The request id of this occurrence (`urn:vault:request:<id>`), also sent as the `X-Request-Id` header. */
            instance?: string;
            /**
             * @description The fields at fault, for validation and domain errors about particular fields: the
             *     first 20 at most (a problem document is never larger than 64 KiB).
             */
            errors?: components["schemas"]["FieldError"][];
            /**
             * Format: int32
             * @description How many fields are at fault in all; present when `errors` lists only the first 20 of them.
             */
            error_count?: number;
        };
        /** @description One match of a search: a file or a folder, with where it lies. */
        SearchHit: components["schemas"]["FileHit"] | components["schemas"]["FolderHit"];
        /** @description A page of a search's matches. */
        SearchPage: {
            /** @description The items of this page, at most `page_size` of them. */
            results: components["schemas"]["SearchHit"][];
            /**
             * Format: uri
             * @description The absolute URL of the next page (the same filters and `page_size`, with a `cursor`), or null on the last page.
             */
            next: string | null;
        };
        /**
         * @description What a search looks for: one to 200 characters, sent URL-encoded; the characters
         *     `encodeURIComponent` leaves as they are (`'()*!`) may come unencoded (`allowReserved`). It is folded (lower case, accents
         *     removed: `resume` finds `Résumé.pdf`) and split into words at every character that is
         *     not a letter or digit (at most 10 words count). An item matches when each word starts
         *     a word of its name, its description or one of its tags' names (`quart` finds
         *     `Q3 quarterly report`), or, for a word of 4 or more letters, is close to one (trigram
         *     word similarity of at least 0.6: `quartely` finds it too).
         */
        SearchText: string;
        /**
         * @description The access type of a file sharing instance.
         * @enum {string}
         */
        ShareAccess: "public" | "private";
        /** @description What a link shares, as whoever opens it sees it: nothing else of the owner's. */
        SharedItem: {
            kind: components["schemas"]["SharedKind"];
            /** @description The file's or folder's name. */
            name: string;
            /**
             * Format: int64
             * @description The file's size in bytes, or for a folder the size of every file inside it (the bin left out).
             */
            size: number;
            /** @description The file's sniffed type (as its download's `Content-Type`), or null for a folder. */
            content_type: string | null;
            owner: components["schemas"]["LinkOwner"];
            /**
             * Format: date-time
             * @description When the link stops opening, or null for never.
             */
            expires_at: string | null;
            /** @description Whether the share is protected by a password. */
            has_password: boolean;
        };
        /**
         * @description What a link shares: a file or a folder.
         * @enum {string}
         */
        SharedKind: "file" | "folder";
        /** @description A share that lists the caller in its `users`, as the caller sees it. */
        SharedWithMe: {
            /**
             * Format: uri
             * @description The share's link: open it with your `api-key`.
             */
            link: string;
            owner: components["schemas"]["LinkOwner"];
            /** @description What is shared, as the link shows it. */
            shared: components["schemas"]["SharedItem"];
            /**
             * Format: date-time
             * @description When the share was made.
             */
            created_at: string;
        };
        /** @description A page of the shares made with the caller. */
        SharedWithMePage: {
            /** @description The items of this page, at most `page_size` of them. */
            results: components["schemas"]["SharedWithMe"][];
            /**
             * Format: uri
             * @description The absolute URL of the next page (the same filters and `page_size`, with a `cursor`), or null on the last page.
             */
            next: string | null;
        };
        /**
         * @description An event type an endpoint subscribes to, or `*`: every type (a `ping` goes only to the endpoint tested).
         * @enum {string}
         */
        SubscribedEventType: "*" | "bank_account.created" | "bank_account.updated" | "file.created" | "file.updated" | "file.binned" | "folder.created" | "folder.updated" | "folder.duplicated" | "folder.binned" | "file_share.created" | "file_share.updated" | "file_share.revoked" | "bin.restored" | "bin.purged" | "file_version.restored" | "file_version.deleted" | "webhook_endpoint.created" | "webhook_endpoint.updated" | "webhook_endpoint.deleted" | "webhook_endpoint.disabled";
        /** @description A label attached to files, folders and bin entries. Tags are unique by name per user and created on first use. */
        Tag: {
            /** @description The server-assigned identifier. */
            readonly id: string;
            name: components["schemas"]["TagName"];
            /** @description Free text; the empty string when none was given. */
            description: string;
            /**
             * Format: date-time
             * @description When the resource was created (UTC).
             */
            readonly created_at: string;
            /**
             * Format: date-time
             * @description When the resource last changed (UTC).
             */
            readonly updated_at: string;
        };
        /**
         * @description A tag given in a request. The tag with this name is reused if the caller has one
         *     (its description is updated when a non-empty one is given), else it is created.
         */
        TagInput: {
            name: components["schemas"]["TagName"];
            /** @description Optional description; omitted or empty keeps an existing tag's description (new tags get the empty string). */
            description?: string;
        };
        /** @description A tag name: 1 to 100 characters. Tag names are unique per user. */
        TagName: string;
        /** @description `sha256` and the base64 SHA-256 of this request's body (the tus `checksum` extension). */
        UploadChecksum: string;
        /**
         * @description `Upload-Metadata` (tus 1.0): comma-separated pairs `key base64(value)`. The keys are
         *     those of `POST files/`: `filename` (required: it gives `extension` and the default
         *     `name`), `folder` (required for a new file), `name`, `description` and `tags` (a JSON
         *     array of tag names); or `file`, the id of one of the caller's files, to replace its
         *     content and writable fields as `PUT files/{id}/` does. Values are bounded as the form's
         *     parts are; an unknown key, a bad value, a folder or file that is not the caller's
         *     answers 400 or 422 naming `/headers/upload-metadata/<key>`.
         */
        UploadMetadata: string;
        /**
         * @description The caller's bytes, as the quota counts them: each file's current content and each
         *     earlier version's, counted per file and per version as the caller sees them (content
         *     stored once for two files counts twice; the store's deduplication is the service's
         *     saving, not the caller's).
         */
        Usage: {
            /**
             * Format: int64
             * @description The current content of the caller's files outside the bin.
             */
            files_bytes: number;
            /**
             * Format: int64
             * @description The content of the earlier versions the caller's files keep (in the bin or not).
             */
            versions_bytes: number;
            /**
             * Format: int64
             * @description The current content of the files in the caller's bin, binned folders' included: freed when the bin entries go.
             */
            bin_bytes: number;
            /**
             * Format: int64
             * @description All of the above: what counts against the quota.
             */
            total_bytes: number;
            /**
             * Format: int64
             * @description What the caller's unfinished resumable uploads announced (`Upload-Length`): held for
             *     them against the quota until they finish, are deleted or expire. A replacement's is
             *     counted whole here, though its creation was credited what it surely frees: then
             *     `total_bytes` + `reserved_bytes` may pass the quota, and an upload in one request
             *     (checked against this figure) may be refused until the replacement commits and frees
             *     its bytes.
             */
            reserved_bytes: number;
            /**
             * Format: int64
             * @description The quota (`USER_QUOTA_BYTES`): the most `total_bytes` may become; null when there is none.
             */
            quota_bytes: number | null;
        };
        /**
         * @description A user of the service, as embedded in responses. In v1 users have integer ids
         *     (file shares reference them as integers in `users`); from v2 on the id is a string.
         *     `id` is an addition to the service spec's user fields so that `users` and
         *     `users_detail` can be matched.
         */
        User: {
            /** @description The user's id, as used in a file share's `users`. */
            readonly id: components["schemas"]["UserId"];
            /**
             * Format: email
             * @description The user's email address.
             */
            email: string;
            /** @description The user's first name. */
            first_name: string;
            /** @description The user's last name. */
            last_name: string;
            /** @description Unique login name. */
            username: string;
            /**
             * Format: date-time
             * @description When the resource was created (UTC).
             */
            readonly created_at: string;
            /**
             * Format: date-time
             * @description When the resource last changed (UTC).
             */
            readonly updated_at: string;
        };
        /**
         * @description A user's id from v2 on: the digits of the integer v1 shows (`"42"` is v1's `42`),
         *     a string like every other id of the API.
         */
        UserId: string;
        /** @description One event's delivery to one endpoint, with its tries. */
        WebhookDelivery: {
            /** @description The delivery's id (`dlv_…`). */
            id: string;
            /** @description The event sent (`webhook-id`). */
            event_id: string;
            /** @description The event's type. */
            event_type: string;
            /**
             * @description `pending` until a try delivers it (`succeeded`) or the last retry fails (`failed`). A
             *     delivery that waited due and unsent for 24 hours (its endpoint's backlog outgrew its
             *     share of the senders) is `failed` too, with no new try; a retry sends it again.
             * @enum {string}
             */
            status: "pending" | "succeeded" | "failed";
            /** @description The tries so far, oldest first (the last 20). */
            attempts: components["schemas"]["DeliveryAttempt"][];
            /**
             * Format: date-time
             * @description When the next try is due (UTC), or null when none is.
             */
            next_attempt_at: string | null;
            /**
             * Format: date-time
             * @description When the event was committed and the delivery made (UTC).
             */
            created_at: string;
        };
        /** @description A page of deliveries. */
        WebhookDeliveryPage: {
            /** @description The items of this page, at most `page_size` of them. */
            results: components["schemas"]["WebhookDelivery"][];
            /**
             * Format: uri
             * @description The absolute URL of the next page (the same filters and `page_size`, with a `cursor`), or null on the last page.
             */
            next: string | null;
        };
        /**
         * @description Where the caller's events are sent. Each event of a subscribed type is POSTed to
         *     `url` as the Standard Webhooks specification says: the event as JSON, in API v1's
         *     shape whatever the version the endpoint was made through (the schema of API v1's
         *     `GET …/v1/events/{id}/`: integer user ids), with `webhook-id` (the event's id, the same on every
         *     retry), `webhook-timestamp` and `webhook-signature` (`v1,` and the base64
         *     HMAC-SHA256 of `id.timestamp.body` under the endpoint's secret; two of them, space
         *     apart, for 24 hours after a secret is rotated). A 2xx answer within 10 seconds
         *     delivers it; anything else (another status, a redirect, which is never followed, a
         *     timeout, a refused connection) is tried again after about 5 s, 5 min, 30 min, 2 h,
         *     5 h, 10 h and 10 h, then the delivery is failed. An endpoint whose deliveries have all
         *     failed for 5 days is disabled (a `webhook_endpoint.disabled` event); a PATCH of
         *     `disabled: false` enables it again. Each user has a fair share of the senders: at most
         *     4 deliveries to one endpoint and 8 to one user's endpoints are in flight at once, and
         *     the users' due deliveries are sent in turn, so one user's slow receivers do not delay
         *     another's. An endpoint whose last 5 tries failed (its circuit breaker is open) gets one
         *     try at a time with a 2 s timeout until one is delivered. A delivery left waiting due
         *     and unsent for 24 hours is failed without a try, so a backlog stays bounded. Delivery
         *     is asynchronous, usually within a second of the write; while the service is busy with
         *     API requests, deliveries yield to them (a claim every 100 ms) and catch up once it is not.
         *     Delivery is at least once: a receiver tells retries apart by `webhook-id`.
         */
        WebhookEndpoint: {
            /** @description The endpoint's id (`we_…`). */
            readonly id: string;
            /**
             * Format: uri
             * @description Where the events are POSTed: an `https` URL whose host does not resolve to a
             *     loopback, private, link-local or metadata address (checked when it is set and at
             *     each delivery). Hosts named in `WEBHOOK_ALLOW_HOSTS` may be any address, over `http` too.
             */
            url: string;
            /** @description The event types sent to it, or `["*"]`: every type. */
            events: components["schemas"]["SubscribedEventType"][];
            /** @description What the endpoint is for. */
            description: string | null;
            /** @description True: nothing is sent to it (the caller's PATCH, or 5 days of failed deliveries). */
            disabled: boolean;
            /**
             * Format: date-time
             * @description Since when its tries have failed without one delivered (UTC); null while its last try
             *     delivered. After 5 days of it the endpoint is disabled.
             */
            readonly failing_since: string | null;
            /**
             * Format: int32
             * @description Its tries that failed one after another since the last delivered one. From 5 on its
             *     circuit breaker is open: one try at a time, each failed after 2 s without an answer,
             *     until one is delivered. A PATCH of `disabled: false` or of `url` sets it to 0.
             */
            readonly consecutive_failures: number;
            /**
             * Format: date-time
             * @description When it was created (UTC).
             */
            readonly created_at: string;
            /**
             * Format: date-time
             * @description When it was last changed (UTC).
             */
            readonly updated_at: string;
        };
        /** @description A new endpoint. */
        WebhookEndpointCreate: {
            /**
             * Format: uri
             * @description Where the events are POSTed (see `WebhookEndpoint.url`).
             */
            url: string;
            /** @description The event types sent to it, or `["*"]`. */
            events: components["schemas"]["SubscribedEventType"][];
            /** @description What the endpoint is for. */
            description?: string | null;
        };
        /** @description A webhook endpoint was created; `object` is the endpoint (never its secret). */
        WebhookEndpointCreatedEvent: {
            /** @description The event's id (`evt_…`). */
            id: string;
            /**
             * @description The resource and the change, e.g. `file.updated`. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "webhook_endpoint.created";
            /**
             * Format: date-time
             * @description When the change committed (UTC).
             */
            created_at: string;
            /** @description The resource the change made or changed. */
            data: {
                /** @description The resource right after the change (for a delete or a purge: as it was last). */
                object: components["schemas"]["WebhookEndpoint"];
            };
        };
        /** @description A webhook endpoint was deleted; `object` is the endpoint as it was. */
        WebhookEndpointDeletedEvent: {
            /** @description The event's id (`evt_…`). */
            id: string;
            /**
             * @description The resource and the change, e.g. `file.updated`. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "webhook_endpoint.deleted";
            /**
             * Format: date-time
             * @description When the change committed (UTC).
             */
            created_at: string;
            /** @description The resource the change made or changed. */
            data: {
                /** @description The resource right after the change (for a delete or a purge: as it was last). */
                object: components["schemas"]["WebhookEndpoint"];
            };
        };
        /** @description A webhook endpoint was disabled because its deliveries had all failed for 5 days. */
        WebhookEndpointDisabledEvent: {
            /** @description The event's id (`evt_…`). */
            id: string;
            /**
             * @description The resource and the change, e.g. `file.updated`. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "webhook_endpoint.disabled";
            /**
             * Format: date-time
             * @description When the change committed (UTC).
             */
            created_at: string;
            /** @description The resource the change made or changed. */
            data: {
                /** @description The resource right after the change (for a delete or a purge: as it was last). */
                object: components["schemas"]["WebhookEndpoint"];
            };
        };
        /** @description A page of endpoints. */
        WebhookEndpointPage: {
            /** @description The items of this page, at most `page_size` of them. */
            results: components["schemas"]["WebhookEndpoint"][];
            /**
             * Format: uri
             * @description The absolute URL of the next page (the same filters and `page_size`, with a `cursor`), or null on the last page.
             */
            next: string | null;
        };
        /** @description The fields to change; absent ones stay. */
        WebhookEndpointUpdate: {
            /**
             * Format: uri
             * @description Where the events are POSTed (see `WebhookEndpoint.url`).
             */
            url?: string;
            /** @description The event types sent to it, or `["*"]`. */
            events?: components["schemas"]["SubscribedEventType"][];
            /** @description What the endpoint is for. */
            description?: string | null;
            /** @description True stops sending to it; false sends again: its pending deliveries resume (failed ones stay failed: retry them). */
            disabled?: boolean;
        };
        /** @description A webhook endpoint was changed (its PATCH, or a secret rotation). */
        WebhookEndpointUpdatedEvent: {
            /** @description The event's id (`evt_…`). */
            id: string;
            /**
             * @description The resource and the change, e.g. `file.updated`. (enum property replaced by openapi-typescript)
             * @enum {string}
             */
            type: "webhook_endpoint.updated";
            /**
             * Format: date-time
             * @description When the change committed (UTC).
             */
            created_at: string;
            /** @description The resource the change made or changed. */
            data: {
                /** @description The resource right after the change (for a delete or a purge: as it was last). */
                object: components["schemas"]["WebhookEndpoint"];
                /**
                 * @description The fields of `object` that the change changed, each with its value before the
                 *     change (as Stripe's events carry them). Fields the change left alone are absent.
                 */
                previous_attributes: {
                    [key: string]: unknown;
                };
            };
        };
        /** @description An endpoint with its signing secret: only in the answers of its creation and of a rotation. */
        WebhookEndpointWithSecret: {
            /** @description The endpoint's id (`we_…`). */
            readonly id: string;
            /**
             * Format: uri
             * @description Where the events are POSTed: an `https` URL whose host does not resolve to a
             *     loopback, private, link-local or metadata address (checked when it is set and at
             *     each delivery). Hosts named in `WEBHOOK_ALLOW_HOSTS` may be any address, over `http` too.
             */
            url: string;
            /** @description The event types sent to it, or `["*"]`: every type. */
            events: components["schemas"]["SubscribedEventType"][];
            /** @description What the endpoint is for. */
            description: string | null;
            /** @description True: nothing is sent to it (the caller's PATCH, or 5 days of failed deliveries). */
            disabled: boolean;
            /**
             * Format: date-time
             * @description Since when its tries have failed without one delivered (UTC); null while its last try
             *     delivered. After 5 days of it the endpoint is disabled.
             */
            readonly failing_since: string | null;
            /**
             * Format: int32
             * @description Its tries that failed one after another since the last delivered one. From 5 on its
             *     circuit breaker is open: one try at a time, each failed after 2 s without an answer,
             *     until one is delivered. A PATCH of `disabled: false` or of `url` sets it to 0.
             */
            readonly consecutive_failures: number;
            /**
             * Format: date-time
             * @description When it was created (UTC).
             */
            readonly created_at: string;
            /**
             * Format: date-time
             * @description When it was last changed (UTC).
             */
            readonly updated_at: string;
            /** @description The signing secret (`whsec_` and base64), for the Standard Webhooks libraries: shown only here. */
            secret: string;
        };
    };
    responses: never;
    parameters: {
        /** @description An `ETag` the caller has (or several, comma-separated, or `*`): answered with 304 when one of them is current. */
        ConditionalRead: string;
        /**
         * @description The `ETag` the caller last saw, or a comma-separated list of tags: the write
         *     applies when one of them is current, else it is refused with 412 and nothing
         *     changes. The comparison is strong (RFC 9110 §13.1.1): a weak tag (`W/"3"`) never
         *     matches. `*` sets no condition (a missing resource is a 404 either way).
         */
        ConditionalWrite: string;
        /** @description The `ETag` the caller has; answered with 304 when it is current. */
        "ContentConditions.ifNoneMatch": string;
        /** @description Apply `Range` only if this is the current `ETag` (strong comparison). */
        "ContentConditions.ifRange": string;
        /** @description One byte range, e.g. `bytes=0-1023`, `bytes=1024-` or `bytes=-500` (the last 500 bytes). */
        "ContentConditions.range": string;
        /** @description The id of one of the caller's folders; omitted, the files at the root. */
        FileFilter: string;
        /** @description The id of one of the caller's folders; omitted, the caller's top-level folders. */
        FolderFilter: string;
        /**
         * @description A key of your choice (1 to 255 characters, e.g. a UUID) that makes retrying this
         *     POST safe. The first answer to a key (its status, body, and `ETag`, `Location`
         *     and `Content-Type`) is kept for 24 hours per user: a retry with the same key and
         *     the same request gets that answer again, with `Idempotent-Replayed: true`, and the
         *     work is not done again. The same key with a different request (another path or
         *     body) answers 422; while the first request with the key is still being processed,
         *     409. Answers of 500 and above are not kept: the key is free again at once, so a
         *     failed request may be retried with it. A request refused before its key is read
         *     (a wrong api key, a rate limit, a body that breaks the contract: 400, 401, 413,
         *     415, 429) is not kept either. Keys are the caller's own: another user's same key
         *     is unrelated. After 24 hours a key may be used again for a new request.
         */
        IdempotencyKey: string;
        /**
         * @description `Bearer <access_token>` from `POST …/links/{token}/unlock/`: needed on a public link
         *     with a password (else 401 naming `/headers/authorization`); the owner and the linked
         *     users need none, with their `api-key`.
         */
        "LinkCredentials.authorization": string;
        /**
         * @description The same unlock as a browser holds it: the unlock form sets it (HttpOnly,
         *     SameSite=Strict, for this link's path only), so the page's links and downloads open
         *     without a header.
         */
        "LinkCredentials.linkAccess": string;
        /**
         * @description The id of the shared folder or of a folder inside it, outside the bin (anything
         *     else, another user's folder included, answers 404); omitted, the shared folder.
         */
        LinkFolderFilter: string;
        /**
         * @description Where the page starts: the opaque `cursor` of a `next` link, as given. A cursor
         *     is signed and belongs to one caller and one list (with its filters): any other
         *     answers 400 naming `cursor`.
         */
        "PageQuery.cursor": string;
        /** @description How many items a page holds: 1 to 200, 50 when omitted. */
        "PageQuery.page_size": number;
        /** @description Only files of this type (`image/png`) or type family (`image/*`); leaves folders out. */
        "SearchFilters.content_type": string;
        /** @description Only items inside this folder's subtree (below it, not the folder itself): one of the caller's folders, else 404. */
        "SearchFilters.folder": string;
        /**
         * @description `true`: only what is in the bin (binned items and everything inside a binned folder);
         *     `false`, the default: only what is outside it.
         */
        "SearchFilters.in_bin": boolean;
        /** @description Only files, or only folders. */
        "SearchFilters.kind": "file" | "folder";
        /** @description Only items changed (`updated_at`) after this instant. */
        "SearchFilters.modified_after": string;
        /** @description Only items changed (`updated_at`) before this instant. */
        "SearchFilters.modified_before": string;
        /** @description `true`: only items the caller shares (a file share points at them); `false`: only items it does not. */
        "SearchFilters.shared": boolean;
        /** @description Only items carrying every one of these tags (by name, exact), comma-separated, at most 10. */
        "SearchFilters.tags": components["schemas"]["TagName"][];
    };
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listNgnBankAccounts: {
        parameters: {
            query?: {
                /**
                 * @description Where the page starts: the opaque `cursor` of a `next` link, as given. A cursor
                 *     is signed and belongs to one caller and one list (with its filters): any other
                 *     answers 400 naming `cursor`.
                 */
                cursor?: components["parameters"]["PageQuery.cursor"];
                /** @description How many items a page holds: 1 to 200, 50 when omitted. */
                page_size?: components["parameters"]["PageQuery.page_size"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /**
             * @description One page of a list: the items in list order and the absolute URL of the next page.
             *     Following `next` until it is null visits every item exactly once, even while items
             *     are added or removed meanwhile (a removed item may be missing; none repeats).
             */
            200: {
                headers: {
                    /** @description `private, no-cache`: a list is its owner's; a private cache revalidates. */
                    "Cache-Control": "private, no-cache";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NgnBankAccountPage"];
                };
            };
            /** @description The request is malformed (bad JSON, bad header) or a field breaks the contract; `errors` names each field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The `api-key` header is missing, unknown or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No resource with this id belongs to the caller (it may not exist, or belong to another user). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body is larger than the configured limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body has a media type this operation does not accept. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The request is well-formed but refers to something unusable (another user's item, an
             *     unknown user id, a folder inside itself); `errors` names the field. On a POST, also:
             *     the `Idempotency-Key` was used for a different request (`urn:vault:problem:idempotency-key-reused`,
             *     naming `/headers/idempotency-key`).
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests for this api key; wait for the `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; it is logged under the request id given in `instance`. No internals are revealed. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The service cannot answer right now; retry after `Retry-After` seconds. Either the
             *     database cannot be reached (`urn:vault:problem:unavailable`; this includes the api
             *     key check: a key is never refused with 401 because the database could not be
             *     asked), or the request ran into a time limit (`urn:vault:problem:timeout`: a
             *     statement ran longer than `DATABASE_STATEMENT_TIMEOUT_MS`, a lock or a connection
             *     was not had within its limit, or a deadlock persisted after three attempts).
             *     Nothing was changed.
             */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createNgnBankAccount: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description A key of your choice (1 to 255 characters, e.g. a UUID) that makes retrying this
                 *     POST safe. The first answer to a key (its status, body, and `ETag`, `Location`
                 *     and `Content-Type`) is kept for 24 hours per user: a retry with the same key and
                 *     the same request gets that answer again, with `Idempotent-Replayed: true`, and the
                 *     work is not done again. The same key with a different request (another path or
                 *     body) answers 422; while the first request with the key is still being processed,
                 *     409. Answers of 500 and above are not kept: the key is free again at once, so a
                 *     failed request may be retried with it. A request refused before its key is read
                 *     (a wrong api key, a rate limit, a body that breaks the contract: 400, 401, 413,
                 *     415, 429) is not kept either. Keys are the caller's own: another user's same key
                 *     is unrelated. After 24 hours a key may be used again for a new request.
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["NgnBankAccountReplacement"];
            };
        };
        responses: {
            /** @description A resource created: 201 with its address and version. */
            201: {
                headers: {
                    /** @description The absolute URL of the new resource (its GET). */
                    Location: string;
                    /** @description The new resource's version; send it back in `If-Match` to make the next write conditional. */
                    ETag: string;
                    /** @description `true` when this is the kept answer to an earlier request with the same `Idempotency-Key`, replayed; absent otherwise. Kept problems (4xx) are replayed with it too. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NgnBankAccount"];
                };
            };
            /** @description The request is malformed (bad JSON, bad header) or a field breaks the contract; `errors` names each field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The `api-key` header is missing, unknown or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No resource with this id belongs to the caller (it may not exist, or belong to another user). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The change conflicts with the current state of the resource (`urn:vault:problem:conflict`:
             *     a unique value already in use, leaving a terminal status), or, on a POST, the request's
             *     `Idempotency-Key` is in use by a request still being processed
             *     (`urn:vault:problem:idempotency-key-in-use`: retry after `Retry-After` seconds).
             */
            409: {
                headers: {
                    /** @description With `idempotency-key-in-use`: seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body is larger than the configured limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body has a media type this operation does not accept. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The request is well-formed but refers to something unusable (another user's item, an
             *     unknown user id, a folder inside itself); `errors` names the field. On a POST, also:
             *     the `Idempotency-Key` was used for a different request (`urn:vault:problem:idempotency-key-reused`,
             *     naming `/headers/idempotency-key`).
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests for this api key; wait for the `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; it is logged under the request id given in `instance`. No internals are revealed. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The service cannot answer right now; retry after `Retry-After` seconds. Either the
             *     database cannot be reached (`urn:vault:problem:unavailable`; this includes the api
             *     key check: a key is never refused with 401 because the database could not be
             *     asked), or the request ran into a time limit (`urn:vault:problem:timeout`: a
             *     statement ran longer than `DATABASE_STATEMENT_TIMEOUT_MS`, a lock or a connection
             *     was not had within its limit, or a deadlock persisted after three attempts).
             *     Nothing was changed.
             */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getNgnBankAccount: {
        parameters: {
            query?: never;
            header?: {
                /** @description An `ETag` the caller has (or several, comma-separated, or `*`): answered with 304 when one of them is current. */
                "If-None-Match"?: components["parameters"]["ConditionalRead"];
            };
            path: {
                /** @description The id of the account. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One resource, read: its current `ETag` and the body. */
            200: {
                headers: {
                    /**
                     * @description The current representation's entity tag, `"<version>.<digest>"`. Send it back in
                     *     `If-None-Match` for a 304 while nothing you can see changed, or in `If-Match` to
                     *     make a write conditional on the resource's version (only the version part counts
                     *     there: a write conflicts over the resource's own fields).
                     */
                    ETag: string;
                    /** @description `private, no-cache`: a resource is its owner's; a private cache revalidates with the `ETag`. */
                    "Cache-Control": "private, no-cache";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NgnBankAccount"];
                };
            };
            /** @description The caller's copy (its `If-None-Match`) is current: no body. */
            304: {
                headers: {
                    /** @description The current entity tag. */
                    ETag: string;
                    /** @description As for the resource: `private, no-cache`. */
                    "Cache-Control": "private, no-cache";
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request is malformed (bad JSON, bad header) or a field breaks the contract; `errors` names each field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The `api-key` header is missing, unknown or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No resource with this id belongs to the caller (it may not exist, or belong to another user). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body is larger than the configured limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body has a media type this operation does not accept. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The request is well-formed but refers to something unusable (another user's item, an
             *     unknown user id, a folder inside itself); `errors` names the field. On a POST, also:
             *     the `Idempotency-Key` was used for a different request (`urn:vault:problem:idempotency-key-reused`,
             *     naming `/headers/idempotency-key`).
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests for this api key; wait for the `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; it is logged under the request id given in `instance`. No internals are revealed. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The service cannot answer right now; retry after `Retry-After` seconds. Either the
             *     database cannot be reached (`urn:vault:problem:unavailable`; this includes the api
             *     key check: a key is never refused with 401 because the database could not be
             *     asked), or the request ran into a time limit (`urn:vault:problem:timeout`: a
             *     statement ran longer than `DATABASE_STATEMENT_TIMEOUT_MS`, a lock or a connection
             *     was not had within its limit, or a deadlock persisted after three attempts).
             *     Nothing was changed.
             */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateNgnBankAccount: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description The `ETag` the caller last saw, or a comma-separated list of tags: the write
                 *     applies when one of them is current, else it is refused with 412 and nothing
                 *     changes. The comparison is strong (RFC 9110 §13.1.1): a weak tag (`W/"3"`) never
                 *     matches. `*` sets no condition (a missing resource is a 404 either way).
                 */
                "If-Match"?: components["parameters"]["ConditionalWrite"];
            };
            path: {
                /** @description The id of the account. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["NgnBankAccountReplacement"];
            };
        };
        responses: {
            /** @description A successful response that carries the resource's current version in `ETag`. */
            200: {
                headers: {
                    /** @description The version of the resource after this request; send it back in `If-Match` to make the next write conditional. */
                    ETag: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NgnBankAccount"];
                };
            };
            /** @description The request is malformed (bad JSON, bad header) or a field breaks the contract; `errors` names each field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The `api-key` header is missing, unknown or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No resource with this id belongs to the caller (it may not exist, or belong to another user). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The change conflicts with the current state of the resource (`urn:vault:problem:conflict`:
             *     a unique value already in use, leaving a terminal status), or, on a POST, the request's
             *     `Idempotency-Key` is in use by a request still being processed
             *     (`urn:vault:problem:idempotency-key-in-use`: retry after `Retry-After` seconds).
             */
            409: {
                headers: {
                    /** @description With `idempotency-key-in-use`: seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The `If-Match` header does not match the current `ETag` of the resource; re-read it and retry. */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body is larger than the configured limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body has a media type this operation does not accept. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The request is well-formed but refers to something unusable (another user's item, an
             *     unknown user id, a folder inside itself); `errors` names the field. On a POST, also:
             *     the `Idempotency-Key` was used for a different request (`urn:vault:problem:idempotency-key-reused`,
             *     naming `/headers/idempotency-key`).
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests for this api key; wait for the `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; it is logged under the request id given in `instance`. No internals are revealed. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The service cannot answer right now; retry after `Retry-After` seconds. Either the
             *     database cannot be reached (`urn:vault:problem:unavailable`; this includes the api
             *     key check: a key is never refused with 401 because the database could not be
             *     asked), or the request ran into a time limit (`urn:vault:problem:timeout`: a
             *     statement ran longer than `DATABASE_STATEMENT_TIMEOUT_MS`, a lock or a connection
             *     was not had within its limit, or a deadlock persisted after three attempts).
             *     Nothing was changed.
             */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listBins: {
        parameters: {
            query?: {
                /**
                 * @description Where the page starts: the opaque `cursor` of a `next` link, as given. A cursor
                 *     is signed and belongs to one caller and one list (with its filters): any other
                 *     answers 400 naming `cursor`.
                 */
                cursor?: components["parameters"]["PageQuery.cursor"];
                /** @description How many items a page holds: 1 to 200, 50 when omitted. */
                page_size?: components["parameters"]["PageQuery.page_size"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /**
             * @description One page of a list: the items in list order and the absolute URL of the next page.
             *     Following `next` until it is null visits every item exactly once, even while items
             *     are added or removed meanwhile (a removed item may be missing; none repeats).
             */
            200: {
                headers: {
                    /** @description `private, no-cache`: a list is its owner's; a private cache revalidates. */
                    "Cache-Control": "private, no-cache";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BinPage"];
                };
            };
            /** @description The request is malformed (bad JSON, bad header) or a field breaks the contract; `errors` names each field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The `api-key` header is missing, unknown or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No resource with this id belongs to the caller (it may not exist, or belong to another user). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body is larger than the configured limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body has a media type this operation does not accept. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The request is well-formed but refers to something unusable (another user's item, an
             *     unknown user id, a folder inside itself); `errors` names the field. On a POST, also:
             *     the `Idempotency-Key` was used for a different request (`urn:vault:problem:idempotency-key-reused`,
             *     naming `/headers/idempotency-key`).
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests for this api key; wait for the `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; it is logged under the request id given in `instance`. No internals are revealed. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The service cannot answer right now; retry after `Retry-After` seconds. Either the
             *     database cannot be reached (`urn:vault:problem:unavailable`; this includes the api
             *     key check: a key is never refused with 401 because the database could not be
             *     asked), or the request ran into a time limit (`urn:vault:problem:timeout`: a
             *     statement ran longer than `DATABASE_STATEMENT_TIMEOUT_MS`, a lock or a connection
             *     was not had within its limit, or a deadlock persisted after three attempts).
             *     Nothing was changed.
             */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getBin: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The id of the bin entry. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Bin"];
                };
            };
            /** @description The request is malformed (bad JSON, bad header) or a field breaks the contract; `errors` names each field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The `api-key` header is missing, unknown or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No resource with this id belongs to the caller (it may not exist, or belong to another user). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body is larger than the configured limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body has a media type this operation does not accept. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The request is well-formed but refers to something unusable (another user's item, an
             *     unknown user id, a folder inside itself); `errors` names the field. On a POST, also:
             *     the `Idempotency-Key` was used for a different request (`urn:vault:problem:idempotency-key-reused`,
             *     naming `/headers/idempotency-key`).
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests for this api key; wait for the `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; it is logged under the request id given in `instance`. No internals are revealed. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The service cannot answer right now; retry after `Retry-After` seconds. Either the
             *     database cannot be reached (`urn:vault:problem:unavailable`; this includes the api
             *     key check: a key is never refused with 401 because the database could not be
             *     asked), or the request ran into a time limit (`urn:vault:problem:timeout`: a
             *     statement ran longer than `DATABASE_STATEMENT_TIMEOUT_MS`, a lock or a connection
             *     was not had within its limit, or a deadlock persisted after three attempts).
             *     Nothing was changed.
             */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteBin: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The id of the bin entry. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; nothing to answer. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request is malformed (bad JSON, bad header) or a field breaks the contract; `errors` names each field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The `api-key` header is missing, unknown or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No resource with this id belongs to the caller (it may not exist, or belong to another user). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body is larger than the configured limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body has a media type this operation does not accept. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The request is well-formed but refers to something unusable (another user's item, an
             *     unknown user id, a folder inside itself); `errors` names the field. On a POST, also:
             *     the `Idempotency-Key` was used for a different request (`urn:vault:problem:idempotency-key-reused`,
             *     naming `/headers/idempotency-key`).
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests for this api key; wait for the `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; it is logged under the request id given in `instance`. No internals are revealed. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The service cannot answer right now; retry after `Retry-After` seconds. Either the
             *     database cannot be reached (`urn:vault:problem:unavailable`; this includes the api
             *     key check: a key is never refused with 401 because the database could not be
             *     asked), or the request ran into a time limit (`urn:vault:problem:timeout`: a
             *     statement ran longer than `DATABASE_STATEMENT_TIMEOUT_MS`, a lock or a connection
             *     was not had within its limit, or a deadlock persisted after three attempts).
             *     Nothing was changed.
             */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    restoreBin: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description A key of your choice (1 to 255 characters, e.g. a UUID) that makes retrying this
                 *     POST safe. The first answer to a key (its status, body, and `ETag`, `Location`
                 *     and `Content-Type`) is kept for 24 hours per user: a retry with the same key and
                 *     the same request gets that answer again, with `Idempotent-Replayed: true`, and the
                 *     work is not done again. The same key with a different request (another path or
                 *     body) answers 422; while the first request with the key is still being processed,
                 *     409. Answers of 500 and above are not kept: the key is free again at once, so a
                 *     failed request may be retried with it. A request refused before its key is read
                 *     (a wrong api key, a rate limit, a body that breaks the contract: 400, 401, 413,
                 *     415, 429) is not kept either. Keys are the caller's own: another user's same key
                 *     is unrelated. After 24 hours a key may be used again for a new request.
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The id of the bin entry. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["BinRestoreRequest"];
            };
        };
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    /** @description `true` when this is the kept answer to an earlier request with the same `Idempotency-Key`, replayed; absent otherwise. Kept problems (4xx) are replayed with it too. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Bin"];
                };
            };
            /** @description The request is malformed (bad JSON, bad header) or a field breaks the contract; `errors` names each field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The `api-key` header is missing, unknown or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No resource with this id belongs to the caller (it may not exist, or belong to another user). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The change conflicts with the current state of the resource (`urn:vault:problem:conflict`:
             *     a unique value already in use, leaving a terminal status), or, on a POST, the request's
             *     `Idempotency-Key` is in use by a request still being processed
             *     (`urn:vault:problem:idempotency-key-in-use`: retry after `Retry-After` seconds).
             */
            409: {
                headers: {
                    /** @description With `idempotency-key-in-use`: seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body is larger than the configured limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body has a media type this operation does not accept. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The request is well-formed but refers to something unusable (another user's item, an
             *     unknown user id, a folder inside itself); `errors` names the field. On a POST, also:
             *     the `Idempotency-Key` was used for a different request (`urn:vault:problem:idempotency-key-reused`,
             *     naming `/headers/idempotency-key`).
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests for this api key; wait for the `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; it is logged under the request id given in `instance`. No internals are revealed. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The service cannot answer right now; retry after `Retry-After` seconds. Either the
             *     database cannot be reached (`urn:vault:problem:unavailable`; this includes the api
             *     key check: a key is never refused with 401 because the database could not be
             *     asked), or the request ran into a time limit (`urn:vault:problem:timeout`: a
             *     statement ran longer than `DATABASE_STATEMENT_TIMEOUT_MS`, a lock or a connection
             *     was not had within its limit, or a deadlock persisted after three attempts).
             *     Nothing was changed.
             */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    downloadTemporaryLink: {
        parameters: {
            query?: never;
            header?: {
                /** @description One byte range, e.g. `bytes=0-1023`, `bytes=1024-` or `bytes=-500` (the last 500 bytes). */
                Range?: components["parameters"]["ContentConditions.range"];
                /** @description Apply `Range` only if this is the current `ETag` (strong comparison). */
                "If-Range"?: components["parameters"]["ContentConditions.ifRange"];
                /** @description The `ETag` the caller has; answered with 304 when it is current. */
                "If-None-Match"?: components["parameters"]["ContentConditions.ifNoneMatch"];
            };
            path: {
                /** @description The link's token, as in its `url`. */
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    /** @description The length of the body sent: the whole content, or the range for a 206. */
                    "Content-Length": number;
                    /** @description The SHA-256 of the content, quoted: a strong entity tag. */
                    ETag: string;
                    "Accept-Ranges": "bytes";
                    /**
                     * @description `attachment` with the file's name (RFC 6266): an ASCII `filename` (other characters
                     *     replaced by `?`) and, when the name is not plain ASCII, the exact name as
                     *     `filename*=UTF-8''…` (RFC 8187), e.g.
                     *     `attachment; filename="?n?c?d? ??.pdf"; filename*=UTF-8''%C3%9Cn%C3%AFc%C3%B6d%C3%A9%20%E6%8A%A5%E5%91%8A.pdf`.
                     */
                    "Content-Disposition": string;
                    /**
                     * @description `private, no-cache` for the owner's download: a file is its owner's, so no shared
                     *     cache keeps it, and a private cache revalidates with the `ETag`; `private, no-store`
                     *     through a link, which may end at any moment.
                     */
                    "Cache-Control": "private, no-cache";
                    [name: string]: unknown;
                };
                content: {
                    "*/*": Blob;
                };
            };
            /** @description Successful */
            206: {
                headers: {
                    /** @description The length of the body sent: the whole content, or the range for a 206. */
                    "Content-Length": number;
                    /** @description The SHA-256 of the content, quoted: a strong entity tag. */
                    ETag: string;
                    "Accept-Ranges": "bytes";
                    /**
                     * @description `attachment` with the file's name (RFC 6266): an ASCII `filename` (other characters
                     *     replaced by `?`) and, when the name is not plain ASCII, the exact name as
                     *     `filename*=UTF-8''…` (RFC 8187), e.g.
                     *     `attachment; filename="?n?c?d? ??.pdf"; filename*=UTF-8''%C3%9Cn%C3%AFc%C3%B6d%C3%A9%20%E6%8A%A5%E5%91%8A.pdf`.
                     */
                    "Content-Disposition": string;
                    /**
                     * @description `private, no-cache` for the owner's download: a file is its owner's, so no shared
                     *     cache keeps it, and a private cache revalidates with the `ETag`; `private, no-store`
                     *     through a link, which may end at any moment.
                     */
                    "Cache-Control": "private, no-cache";
                    /** @description The range sent, e.g. `bytes 0-15/16`; `Content-Length` is the length of that range. */
                    "Content-Range": string;
                    [name: string]: unknown;
                };
                content: {
                    "*/*": Blob;
                };
            };
            /** @description The caller's copy (its `If-None-Match`) is current: no body. */
            304: {
                headers: {
                    /** @description The SHA-256 of the content, quoted. */
                    ETag: string;
                    /** @description As for the content: `private, no-cache`. */
                    "Cache-Control": "private, no-cache";
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request is malformed (bad JSON, bad header) or a field breaks the contract; `errors` names each field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The request is refused, and repeating it will not help: the caller has too many
             *     unfinished uploads (100; `urn:vault:problem:too-many-uploads`: finish or delete one
             *     first), or a download link's token is not one this service signed or has expired
             *     (`urn:vault:problem:download-link-refused`: ask its owner for a new link).
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No resource with this id belongs to the caller (it may not exist, or belong to another user). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The `Range` header asks for bytes outside the content. */
            416: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests for this api key; wait for the `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; it is logged under the request id given in `instance`. No internals are revealed. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The service cannot answer right now; retry after `Retry-After` seconds. Either the
             *     database cannot be reached (`urn:vault:problem:unavailable`; this includes the api
             *     key check: a key is never refused with 401 because the database could not be
             *     asked), or the request ran into a time limit (`urn:vault:problem:timeout`: a
             *     statement ran longer than `DATABASE_STATEMENT_TIMEOUT_MS`, a lock or a connection
             *     was not had within its limit, or a deadlock persisted after three attempts).
             *     Nothing was changed.
             */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listEvents: {
        parameters: {
            query?: {
                /**
                 * @description Where the page starts: the opaque `cursor` of a `next` link, as given. A cursor
                 *     is signed and belongs to one caller and one list (with its filters): any other
                 *     answers 400 naming `cursor`.
                 */
                cursor?: components["parameters"]["PageQuery.cursor"];
                /** @description How many items a page holds: 1 to 200, 50 when omitted. */
                page_size?: components["parameters"]["PageQuery.page_size"];
                /** @description Event types (`file.updated`) or prefixes ending in `.` (`file.`), at most 20: an event of any of them is kept. */
                type?: components["schemas"]["EventTypeFilter"][];
                /** @description The id of one resource (`data.object.id`): its events only. */
                object?: string;
                /** @description Only events created after this instant. */
                created_after?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /**
             * @description One page of a list: the items in list order and the absolute URL of the next page.
             *     Following `next` until it is null visits every item exactly once, even while items
             *     are added or removed meanwhile (a removed item may be missing; none repeats).
             */
            200: {
                headers: {
                    /** @description `private, no-cache`: a list is its owner's; a private cache revalidates. */
                    "Cache-Control": "private, no-cache";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EventPage"];
                };
            };
            /** @description The request is malformed (bad JSON, bad header) or a field breaks the contract; `errors` names each field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The `api-key` header is missing, unknown or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No resource with this id belongs to the caller (it may not exist, or belong to another user). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body is larger than the configured limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body has a media type this operation does not accept. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The request is well-formed but refers to something unusable (another user's item, an
             *     unknown user id, a folder inside itself); `errors` names the field. On a POST, also:
             *     the `Idempotency-Key` was used for a different request (`urn:vault:problem:idempotency-key-reused`,
             *     naming `/headers/idempotency-key`).
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests for this api key; wait for the `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; it is logged under the request id given in `instance`. No internals are revealed. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The service cannot answer right now; retry after `Retry-After` seconds. Either the
             *     database cannot be reached (`urn:vault:problem:unavailable`; this includes the api
             *     key check: a key is never refused with 401 because the database could not be
             *     asked), or the request ran into a time limit (`urn:vault:problem:timeout`: a
             *     statement ran longer than `DATABASE_STATEMENT_TIMEOUT_MS`, a lock or a connection
             *     was not had within its limit, or a deadlock persisted after three attempts).
             *     Nothing was changed.
             */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getEvent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The id of the event. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Event"];
                };
            };
            /** @description The request is malformed (bad JSON, bad header) or a field breaks the contract; `errors` names each field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The `api-key` header is missing, unknown or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No resource with this id belongs to the caller (it may not exist, or belong to another user). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body is larger than the configured limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body has a media type this operation does not accept. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The request is well-formed but refers to something unusable (another user's item, an
             *     unknown user id, a folder inside itself); `errors` names the field. On a POST, also:
             *     the `Idempotency-Key` was used for a different request (`urn:vault:problem:idempotency-key-reused`,
             *     naming `/headers/idempotency-key`).
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests for this api key; wait for the `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; it is logged under the request id given in `instance`. No internals are revealed. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The service cannot answer right now; retry after `Retry-After` seconds. Either the
             *     database cannot be reached (`urn:vault:problem:unavailable`; this includes the api
             *     key check: a key is never refused with 401 because the database could not be
             *     asked), or the request ran into a time limit (`urn:vault:problem:timeout`: a
             *     statement ran longer than `DATABASE_STATEMENT_TIMEOUT_MS`, a lock or a connection
             *     was not had within its limit, or a deadlock persisted after three attempts).
             *     Nothing was changed.
             */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listFavouriteFolders: {
        parameters: {
            query?: {
                /**
                 * @description Where the page starts: the opaque `cursor` of a `next` link, as given. A cursor
                 *     is signed and belongs to one caller and one list (with its filters): any other
                 *     answers 400 naming `cursor`.
                 */
                cursor?: components["parameters"]["PageQuery.cursor"];
                /** @description How many items a page holds: 1 to 200, 50 when omitted. */
                page_size?: components["parameters"]["PageQuery.page_size"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /**
             * @description One page of a list: the items in list order and the absolute URL of the next page.
             *     Following `next` until it is null visits every item exactly once, even while items
             *     are added or removed meanwhile (a removed item may be missing; none repeats).
             */
            200: {
                headers: {
                    /** @description `private, no-cache`: a list is its owner's; a private cache revalidates. */
                    "Cache-Control": "private, no-cache";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FolderPage"];
                };
            };
            /** @description The request is malformed (bad JSON, bad header) or a field breaks the contract; `errors` names each field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The `api-key` header is missing, unknown or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No resource with this id belongs to the caller (it may not exist, or belong to another user). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body is larger than the configured limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body has a media type this operation does not accept. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The request is well-formed but refers to something unusable (another user's item, an
             *     unknown user id, a folder inside itself); `errors` names the field. On a POST, also:
             *     the `Idempotency-Key` was used for a different request (`urn:vault:problem:idempotency-key-reused`,
             *     naming `/headers/idempotency-key`).
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests for this api key; wait for the `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; it is logged under the request id given in `instance`. No internals are revealed. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The service cannot answer right now; retry after `Retry-After` seconds. Either the
             *     database cannot be reached (`urn:vault:problem:unavailable`; this includes the api
             *     key check: a key is never refused with 401 because the database could not be
             *     asked), or the request ran into a time limit (`urn:vault:problem:timeout`: a
             *     statement ran longer than `DATABASE_STATEMENT_TIMEOUT_MS`, a lock or a connection
             *     was not had within its limit, or a deadlock persisted after three attempts).
             *     Nothing was changed.
             */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateFavouriteFolder: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description The `ETag` the caller last saw, or a comma-separated list of tags: the write
                 *     applies when one of them is current, else it is refused with 412 and nothing
                 *     changes. The comparison is strong (RFC 9110 §13.1.1): a weak tag (`W/"3"`) never
                 *     matches. `*` sets no condition (a missing resource is a 404 either way).
                 */
                "If-Match"?: components["parameters"]["ConditionalWrite"];
            };
            path: {
                /** @description The id of the file folder. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FolderInput"];
            };
        };
        responses: {
            /** @description A successful response that carries the resource's current version in `ETag`. */
            200: {
                headers: {
                    /** @description The version of the resource after this request; send it back in `If-Match` to make the next write conditional. */
                    ETag: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Folder"];
                };
            };
            /** @description The request is malformed (bad JSON, bad header) or a field breaks the contract; `errors` names each field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The `api-key` header is missing, unknown or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No resource with this id belongs to the caller (it may not exist, or belong to another user). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The `If-Match` header does not match the current `ETag` of the resource; re-read it and retry. */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body is larger than the configured limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body has a media type this operation does not accept. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The request is well-formed but refers to something unusable (another user's item, an
             *     unknown user id, a folder inside itself); `errors` names the field. On a POST, also:
             *     the `Idempotency-Key` was used for a different request (`urn:vault:problem:idempotency-key-reused`,
             *     naming `/headers/idempotency-key`).
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests for this api key; wait for the `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; it is logged under the request id given in `instance`. No internals are revealed. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The service cannot answer right now; retry after `Retry-After` seconds. Either the
             *     database cannot be reached (`urn:vault:problem:unavailable`; this includes the api
             *     key check: a key is never refused with 401 because the database could not be
             *     asked), or the request ran into a time limit (`urn:vault:problem:timeout`: a
             *     statement ran longer than `DATABASE_STATEMENT_TIMEOUT_MS`, a lock or a connection
             *     was not had within its limit, or a deadlock persisted after three attempts).
             *     Nothing was changed.
             */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listFileShares: {
        parameters: {
            query?: {
                /**
                 * @description Where the page starts: the opaque `cursor` of a `next` link, as given. A cursor
                 *     is signed and belongs to one caller and one list (with its filters): any other
                 *     answers 400 naming `cursor`.
                 */
                cursor?: components["parameters"]["PageQuery.cursor"];
                /** @description How many items a page holds: 1 to 200, 50 when omitted. */
                page_size?: components["parameters"]["PageQuery.page_size"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /**
             * @description One page of a list: the items in list order and the absolute URL of the next page.
             *     Following `next` until it is null visits every item exactly once, even while items
             *     are added or removed meanwhile (a removed item may be missing; none repeats).
             */
            200: {
                headers: {
                    /** @description `private, no-cache`: a list is its owner's; a private cache revalidates. */
                    "Cache-Control": "private, no-cache";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FileSharePage"];
                };
            };
            /** @description The request is malformed (bad JSON, bad header) or a field breaks the contract; `errors` names each field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The `api-key` header is missing, unknown or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No resource with this id belongs to the caller (it may not exist, or belong to another user). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body is larger than the configured limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body has a media type this operation does not accept. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The request is well-formed but refers to something unusable (another user's item, an
             *     unknown user id, a folder inside itself); `errors` names the field. On a POST, also:
             *     the `Idempotency-Key` was used for a different request (`urn:vault:problem:idempotency-key-reused`,
             *     naming `/headers/idempotency-key`).
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests for this api key; wait for the `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; it is logged under the request id given in `instance`. No internals are revealed. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The service cannot answer right now; retry after `Retry-After` seconds. Either the
             *     database cannot be reached (`urn:vault:problem:unavailable`; this includes the api
             *     key check: a key is never refused with 401 because the database could not be
             *     asked), or the request ran into a time limit (`urn:vault:problem:timeout`: a
             *     statement ran longer than `DATABASE_STATEMENT_TIMEOUT_MS`, a lock or a connection
             *     was not had within its limit, or a deadlock persisted after three attempts).
             *     Nothing was changed.
             */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createFileShare: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description A key of your choice (1 to 255 characters, e.g. a UUID) that makes retrying this
                 *     POST safe. The first answer to a key (its status, body, and `ETag`, `Location`
                 *     and `Content-Type`) is kept for 24 hours per user: a retry with the same key and
                 *     the same request gets that answer again, with `Idempotent-Replayed: true`, and the
                 *     work is not done again. The same key with a different request (another path or
                 *     body) answers 422; while the first request with the key is still being processed,
                 *     409. Answers of 500 and above are not kept: the key is free again at once, so a
                 *     failed request may be retried with it. A request refused before its key is read
                 *     (a wrong api key, a rate limit, a body that breaks the contract: 400, 401, 413,
                 *     415, 429) is not kept either. Keys are the caller's own: another user's same key
                 *     is unrelated. After 24 hours a key may be used again for a new request.
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FileShareCreate"];
            };
        };
        responses: {
            /** @description A resource created: 201 with its address and version. */
            201: {
                headers: {
                    /** @description The absolute URL of the new resource (its GET). */
                    Location: string;
                    /** @description The new resource's version; send it back in `If-Match` to make the next write conditional. */
                    ETag: string;
                    /** @description `true` when this is the kept answer to an earlier request with the same `Idempotency-Key`, replayed; absent otherwise. Kept problems (4xx) are replayed with it too. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FileShare"];
                };
            };
            /** @description The request is malformed (bad JSON, bad header) or a field breaks the contract; `errors` names each field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The `api-key` header is missing, unknown or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No resource with this id belongs to the caller (it may not exist, or belong to another user). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The change conflicts with the current state of the resource (`urn:vault:problem:conflict`:
             *     a unique value already in use, leaving a terminal status), or, on a POST, the request's
             *     `Idempotency-Key` is in use by a request still being processed
             *     (`urn:vault:problem:idempotency-key-in-use`: retry after `Retry-After` seconds).
             */
            409: {
                headers: {
                    /** @description With `idempotency-key-in-use`: seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body is larger than the configured limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body has a media type this operation does not accept. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The request is well-formed but refers to something unusable (another user's item, an
             *     unknown user id, a folder inside itself); `errors` names the field. On a POST, also:
             *     the `Idempotency-Key` was used for a different request (`urn:vault:problem:idempotency-key-reused`,
             *     naming `/headers/idempotency-key`).
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests for this api key; wait for the `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; it is logged under the request id given in `instance`. No internals are revealed. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The service cannot answer right now; retry after `Retry-After` seconds. Either the
             *     database cannot be reached (`urn:vault:problem:unavailable`; this includes the api
             *     key check: a key is never refused with 401 because the database could not be
             *     asked), or the request ran into a time limit (`urn:vault:problem:timeout`: a
             *     statement ran longer than `DATABASE_STATEMENT_TIMEOUT_MS`, a lock or a connection
             *     was not had within its limit, or a deadlock persisted after three attempts).
             *     Nothing was changed.
             */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getFileShare: {
        parameters: {
            query?: never;
            header?: {
                /** @description An `ETag` the caller has (or several, comma-separated, or `*`): answered with 304 when one of them is current. */
                "If-None-Match"?: components["parameters"]["ConditionalRead"];
            };
            path: {
                /** @description The id of the file sharing instance. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One resource, read: its current `ETag` and the body. */
            200: {
                headers: {
                    /**
                     * @description The current representation's entity tag, `"<version>.<digest>"`. Send it back in
                     *     `If-None-Match` for a 304 while nothing you can see changed, or in `If-Match` to
                     *     make a write conditional on the resource's version (only the version part counts
                     *     there: a write conflicts over the resource's own fields).
                     */
                    ETag: string;
                    /** @description `private, no-cache`: a resource is its owner's; a private cache revalidates with the `ETag`. */
                    "Cache-Control": "private, no-cache";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FileShare"];
                };
            };
            /** @description The caller's copy (its `If-None-Match`) is current: no body. */
            304: {
                headers: {
                    /** @description The current entity tag. */
                    ETag: string;
                    /** @description As for the resource: `private, no-cache`. */
                    "Cache-Control": "private, no-cache";
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request is malformed (bad JSON, bad header) or a field breaks the contract; `errors` names each field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The `api-key` header is missing, unknown or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No resource with this id belongs to the caller (it may not exist, or belong to another user). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body is larger than the configured limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body has a media type this operation does not accept. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The request is well-formed but refers to something unusable (another user's item, an
             *     unknown user id, a folder inside itself); `errors` names the field. On a POST, also:
             *     the `Idempotency-Key` was used for a different request (`urn:vault:problem:idempotency-key-reused`,
             *     naming `/headers/idempotency-key`).
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests for this api key; wait for the `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; it is logged under the request id given in `instance`. No internals are revealed. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The service cannot answer right now; retry after `Retry-After` seconds. Either the
             *     database cannot be reached (`urn:vault:problem:unavailable`; this includes the api
             *     key check: a key is never refused with 401 because the database could not be
             *     asked), or the request ran into a time limit (`urn:vault:problem:timeout`: a
             *     statement ran longer than `DATABASE_STATEMENT_TIMEOUT_MS`, a lock or a connection
             *     was not had within its limit, or a deadlock persisted after three attempts).
             *     Nothing was changed.
             */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteFileShare: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The id of the file sharing instance. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; nothing to answer. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request is malformed (bad JSON, bad header) or a field breaks the contract; `errors` names each field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The `api-key` header is missing, unknown or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No resource with this id belongs to the caller (it may not exist, or belong to another user). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body is larger than the configured limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body has a media type this operation does not accept. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The request is well-formed but refers to something unusable (another user's item, an
             *     unknown user id, a folder inside itself); `errors` names the field. On a POST, also:
             *     the `Idempotency-Key` was used for a different request (`urn:vault:problem:idempotency-key-reused`,
             *     naming `/headers/idempotency-key`).
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests for this api key; wait for the `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; it is logged under the request id given in `instance`. No internals are revealed. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The service cannot answer right now; retry after `Retry-After` seconds. Either the
             *     database cannot be reached (`urn:vault:problem:unavailable`; this includes the api
             *     key check: a key is never refused with 401 because the database could not be
             *     asked), or the request ran into a time limit (`urn:vault:problem:timeout`: a
             *     statement ran longer than `DATABASE_STATEMENT_TIMEOUT_MS`, a lock or a connection
             *     was not had within its limit, or a deadlock persisted after three attempts).
             *     Nothing was changed.
             */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateFileShare: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description The `ETag` the caller last saw, or a comma-separated list of tags: the write
                 *     applies when one of them is current, else it is refused with 412 and nothing
                 *     changes. The comparison is strong (RFC 9110 §13.1.1): a weak tag (`W/"3"`) never
                 *     matches. `*` sets no condition (a missing resource is a 404 either way).
                 */
                "If-Match"?: components["parameters"]["ConditionalWrite"];
            };
            path: {
                /** @description The id of the file sharing instance. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FileShareUpdate"];
            };
        };
        responses: {
            /** @description A successful response that carries the resource's current version in `ETag`. */
            200: {
                headers: {
                    /** @description The version of the resource after this request; send it back in `If-Match` to make the next write conditional. */
                    ETag: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FileShare"];
                };
            };
            /** @description The request is malformed (bad JSON, bad header) or a field breaks the contract; `errors` names each field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The `api-key` header is missing, unknown or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No resource with this id belongs to the caller (it may not exist, or belong to another user). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The `If-Match` header does not match the current `ETag` of the resource; re-read it and retry. */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body is larger than the configured limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body has a media type this operation does not accept. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The request is well-formed but refers to something unusable (another user's item, an
             *     unknown user id, a folder inside itself); `errors` names the field. On a POST, also:
             *     the `Idempotency-Key` was used for a different request (`urn:vault:problem:idempotency-key-reused`,
             *     naming `/headers/idempotency-key`).
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests for this api key; wait for the `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; it is logged under the request id given in `instance`. No internals are revealed. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The service cannot answer right now; retry after `Retry-After` seconds. Either the
             *     database cannot be reached (`urn:vault:problem:unavailable`; this includes the api
             *     key check: a key is never refused with 401 because the database could not be
             *     asked), or the request ran into a time limit (`urn:vault:problem:timeout`: a
             *     statement ran longer than `DATABASE_STATEMENT_TIMEOUT_MS`, a lock or a connection
             *     was not had within its limit, or a deadlock persisted after three attempts).
             *     Nothing was changed.
             */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    replaceFileShareLink: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description A key of your choice (1 to 255 characters, e.g. a UUID) that makes retrying this
                 *     POST safe. The first answer to a key (its status, body, and `ETag`, `Location`
                 *     and `Content-Type`) is kept for 24 hours per user: a retry with the same key and
                 *     the same request gets that answer again, with `Idempotent-Replayed: true`, and the
                 *     work is not done again. The same key with a different request (another path or
                 *     body) answers 422; while the first request with the key is still being processed,
                 *     409. Answers of 500 and above are not kept: the key is free again at once, so a
                 *     failed request may be retried with it. A request refused before its key is read
                 *     (a wrong api key, a rate limit, a body that breaks the contract: 400, 401, 413,
                 *     415, 429) is not kept either. Keys are the caller's own: another user's same key
                 *     is unrelated. After 24 hours a key may be used again for a new request.
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The id of the file sharing instance. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    /** @description The share's version after the replace; send it back in `If-Match` to make the next write conditional. */
                    ETag: string;
                    /** @description `true` when this is the kept answer to an earlier request with the same `Idempotency-Key`, replayed; absent otherwise. Kept problems (4xx) are replayed with it too. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FileShare"];
                };
            };
            /** @description The request is malformed (bad JSON, bad header) or a field breaks the contract; `errors` names each field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The `api-key` header is missing, unknown or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No resource with this id belongs to the caller (it may not exist, or belong to another user). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The change conflicts with the current state of the resource (`urn:vault:problem:conflict`:
             *     a unique value already in use, leaving a terminal status), or, on a POST, the request's
             *     `Idempotency-Key` is in use by a request still being processed
             *     (`urn:vault:problem:idempotency-key-in-use`: retry after `Retry-After` seconds).
             */
            409: {
                headers: {
                    /** @description With `idempotency-key-in-use`: seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body is larger than the configured limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body has a media type this operation does not accept. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The request is well-formed but refers to something unusable (another user's item, an
             *     unknown user id, a folder inside itself); `errors` names the field. On a POST, also:
             *     the `Idempotency-Key` was used for a different request (`urn:vault:problem:idempotency-key-reused`,
             *     naming `/headers/idempotency-key`).
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests for this api key; wait for the `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; it is logged under the request id given in `instance`. No internals are revealed. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The service cannot answer right now; retry after `Retry-After` seconds. Either the
             *     database cannot be reached (`urn:vault:problem:unavailable`; this includes the api
             *     key check: a key is never refused with 401 because the database could not be
             *     asked), or the request ran into a time limit (`urn:vault:problem:timeout`: a
             *     statement ran longer than `DATABASE_STATEMENT_TIMEOUT_MS`, a lock or a connection
             *     was not had within its limit, or a deadlock persisted after three attempts).
             *     Nothing was changed.
             */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listFiles: {
        parameters: {
            query?: {
                /** @description The id of one of the caller's folders; omitted, the files at the root. */
                folder?: components["parameters"]["FileFilter"];
                /**
                 * @description Where the page starts: the opaque `cursor` of a `next` link, as given. A cursor
                 *     is signed and belongs to one caller and one list (with its filters): any other
                 *     answers 400 naming `cursor`.
                 */
                cursor?: components["parameters"]["PageQuery.cursor"];
                /** @description How many items a page holds: 1 to 200, 50 when omitted. */
                page_size?: components["parameters"]["PageQuery.page_size"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /**
             * @description One page of a list: the items in list order and the absolute URL of the next page.
             *     Following `next` until it is null visits every item exactly once, even while items
             *     are added or removed meanwhile (a removed item may be missing; none repeats).
             */
            200: {
                headers: {
                    /** @description `private, no-cache`: a list is its owner's; a private cache revalidates. */
                    "Cache-Control": "private, no-cache";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FilePage"];
                };
            };
            /** @description The request is malformed (bad JSON, bad header) or a field breaks the contract; `errors` names each field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The `api-key` header is missing, unknown or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No resource with this id belongs to the caller (it may not exist, or belong to another user). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body is larger than the configured limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body has a media type this operation does not accept. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The request is well-formed but refers to something unusable (another user's item, an
             *     unknown user id, a folder inside itself); `errors` names the field. On a POST, also:
             *     the `Idempotency-Key` was used for a different request (`urn:vault:problem:idempotency-key-reused`,
             *     naming `/headers/idempotency-key`).
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests for this api key; wait for the `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; it is logged under the request id given in `instance`. No internals are revealed. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The service cannot answer right now; retry after `Retry-After` seconds. Either the
             *     database cannot be reached (`urn:vault:problem:unavailable`; this includes the api
             *     key check: a key is never refused with 401 because the database could not be
             *     asked), or the request ran into a time limit (`urn:vault:problem:timeout`: a
             *     statement ran longer than `DATABASE_STATEMENT_TIMEOUT_MS`, a lock or a connection
             *     was not had within its limit, or a deadlock persisted after three attempts).
             *     Nothing was changed.
             */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createFile: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description A key of your choice (1 to 255 characters, e.g. a UUID) that makes retrying this
                 *     POST safe. The first answer to a key (its status, body, and `ETag`, `Location`
                 *     and `Content-Type`) is kept for 24 hours per user: a retry with the same key and
                 *     the same request gets that answer again, with `Idempotent-Replayed: true`, and the
                 *     work is not done again. The same key with a different request (another path or
                 *     body) answers 422; while the first request with the key is still being processed,
                 *     409. Answers of 500 and above are not kept: the key is free again at once, so a
                 *     failed request may be retried with it. A request refused before its key is read
                 *     (a wrong api key, a rate limit, a body that breaks the contract: 400, 401, 413,
                 *     415, 429) is not kept either. Keys are the caller's own: another user's same key
                 *     is unrelated. After 24 hours a key may be used again for a new request.
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["FileCreateForm"];
            };
        };
        responses: {
            /** @description A resource created: 201 with its address and version. */
            201: {
                headers: {
                    /** @description The absolute URL of the new resource (its GET). */
                    Location: string;
                    /** @description The new resource's version; send it back in `If-Match` to make the next write conditional. */
                    ETag: string;
                    /** @description `true` when this is the kept answer to an earlier request with the same `Idempotency-Key`, replayed; absent otherwise. Kept problems (4xx) are replayed with it too. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["File"];
                };
            };
            /** @description The request is malformed (bad JSON, bad header) or a field breaks the contract; `errors` names each field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The `api-key` header is missing, unknown or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No resource with this id belongs to the caller (it may not exist, or belong to another user). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The change conflicts with the current state of the resource (`urn:vault:problem:conflict`:
             *     a unique value already in use, leaving a terminal status), or, on a POST, the request's
             *     `Idempotency-Key` is in use by a request still being processed
             *     (`urn:vault:problem:idempotency-key-in-use`: retry after `Retry-After` seconds).
             */
            409: {
                headers: {
                    /** @description With `idempotency-key-in-use`: seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body is larger than the configured limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body has a media type this operation does not accept. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The request is well-formed but refers to something unusable (another user's item, an
             *     unknown user id, a folder inside itself); `errors` names the field. On a POST, also:
             *     the `Idempotency-Key` was used for a different request (`urn:vault:problem:idempotency-key-reused`,
             *     naming `/headers/idempotency-key`).
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests for this api key; wait for the `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; it is logged under the request id given in `instance`. No internals are revealed. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The service cannot answer right now; retry after `Retry-After` seconds. Either the
             *     database cannot be reached (`urn:vault:problem:unavailable`; this includes the api
             *     key check: a key is never refused with 401 because the database could not be
             *     asked), or the request ran into a time limit (`urn:vault:problem:timeout`: a
             *     statement ran longer than `DATABASE_STATEMENT_TIMEOUT_MS`, a lock or a connection
             *     was not had within its limit, or a deadlock persisted after three attempts).
             *     Nothing was changed.
             */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The write would take the caller past their quota (`USER_QUOTA_BYTES`;
             *     `urn:vault:problem:quota-exceeded`, naming the file part or `Upload-Length` when an
             *     upload announced the bytes): nothing was stored or changed. Free bytes (delete files,
             *     versions or bin entries) first; `GET /evault/v2/usage/` shows where they are.
             *     Or the file store is full (a full disk or quota): the upload stored nothing and changed
             *     nothing (`urn:vault:problem:insufficient-storage`). Retry once space is freed. A file
             *     store that refuses an upload for another reason (a permission, a read-only volume,
             *     S3 `AccessDenied`) answers 503 `urn:vault:problem:unavailable`; the details are logged,
             *     never sent.
             */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getFile: {
        parameters: {
            query?: never;
            header?: {
                /** @description An `ETag` the caller has (or several, comma-separated, or `*`): answered with 304 when one of them is current. */
                "If-None-Match"?: components["parameters"]["ConditionalRead"];
            };
            path: {
                /** @description The id of the file upload. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One resource, read: its current `ETag` and the body. */
            200: {
                headers: {
                    /**
                     * @description The current representation's entity tag, `"<version>.<digest>"`. Send it back in
                     *     `If-None-Match` for a 304 while nothing you can see changed, or in `If-Match` to
                     *     make a write conditional on the resource's version (only the version part counts
                     *     there: a write conflicts over the resource's own fields).
                     */
                    ETag: string;
                    /** @description `private, no-cache`: a resource is its owner's; a private cache revalidates with the `ETag`. */
                    "Cache-Control": "private, no-cache";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["File"];
                };
            };
            /** @description The caller's copy (its `If-None-Match`) is current: no body. */
            304: {
                headers: {
                    /** @description The current entity tag. */
                    ETag: string;
                    /** @description As for the resource: `private, no-cache`. */
                    "Cache-Control": "private, no-cache";
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request is malformed (bad JSON, bad header) or a field breaks the contract; `errors` names each field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The `api-key` header is missing, unknown or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No resource with this id belongs to the caller (it may not exist, or belong to another user). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body is larger than the configured limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body has a media type this operation does not accept. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The request is well-formed but refers to something unusable (another user's item, an
             *     unknown user id, a folder inside itself); `errors` names the field. On a POST, also:
             *     the `Idempotency-Key` was used for a different request (`urn:vault:problem:idempotency-key-reused`,
             *     naming `/headers/idempotency-key`).
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests for this api key; wait for the `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; it is logged under the request id given in `instance`. No internals are revealed. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The service cannot answer right now; retry after `Retry-After` seconds. Either the
             *     database cannot be reached (`urn:vault:problem:unavailable`; this includes the api
             *     key check: a key is never refused with 401 because the database could not be
             *     asked), or the request ran into a time limit (`urn:vault:problem:timeout`: a
             *     statement ran longer than `DATABASE_STATEMENT_TIMEOUT_MS`, a lock or a connection
             *     was not had within its limit, or a deadlock persisted after three attempts).
             *     Nothing was changed.
             */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateFile: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description The `ETag` the caller last saw, or a comma-separated list of tags: the write
                 *     applies when one of them is current, else it is refused with 412 and nothing
                 *     changes. The comparison is strong (RFC 9110 §13.1.1): a weak tag (`W/"3"`) never
                 *     matches. `*` sets no condition (a missing resource is a 404 either way).
                 */
                "If-Match"?: components["parameters"]["ConditionalWrite"];
            };
            path: {
                /** @description The id of the file upload. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["FileUpdateForm"];
            };
        };
        responses: {
            /** @description A successful response that carries the resource's current version in `ETag`. */
            200: {
                headers: {
                    /** @description The version of the resource after this request; send it back in `If-Match` to make the next write conditional. */
                    ETag: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["File"];
                };
            };
            /** @description The request is malformed (bad JSON, bad header) or a field breaks the contract; `errors` names each field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The `api-key` header is missing, unknown or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No resource with this id belongs to the caller (it may not exist, or belong to another user). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The `If-Match` header does not match the current `ETag` of the resource; re-read it and retry. */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body is larger than the configured limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body has a media type this operation does not accept. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The request is well-formed but refers to something unusable (another user's item, an
             *     unknown user id, a folder inside itself); `errors` names the field. On a POST, also:
             *     the `Idempotency-Key` was used for a different request (`urn:vault:problem:idempotency-key-reused`,
             *     naming `/headers/idempotency-key`).
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests for this api key; wait for the `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; it is logged under the request id given in `instance`. No internals are revealed. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The service cannot answer right now; retry after `Retry-After` seconds. Either the
             *     database cannot be reached (`urn:vault:problem:unavailable`; this includes the api
             *     key check: a key is never refused with 401 because the database could not be
             *     asked), or the request ran into a time limit (`urn:vault:problem:timeout`: a
             *     statement ran longer than `DATABASE_STATEMENT_TIMEOUT_MS`, a lock or a connection
             *     was not had within its limit, or a deadlock persisted after three attempts).
             *     Nothing was changed.
             */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The write would take the caller past their quota (`USER_QUOTA_BYTES`;
             *     `urn:vault:problem:quota-exceeded`, naming the file part or `Upload-Length` when an
             *     upload announced the bytes): nothing was stored or changed. Free bytes (delete files,
             *     versions or bin entries) first; `GET /evault/v2/usage/` shows where they are.
             *     Or the file store is full (a full disk or quota): the upload stored nothing and changed
             *     nothing (`urn:vault:problem:insufficient-storage`). Retry once space is freed. A file
             *     store that refuses an upload for another reason (a permission, a read-only volume,
             *     S3 `AccessDenied`) answers 503 `urn:vault:problem:unavailable`; the details are logged,
             *     never sent.
             */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The id of the file upload. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Bin"];
                };
            };
            /** @description The request is malformed (bad JSON, bad header) or a field breaks the contract; `errors` names each field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The `api-key` header is missing, unknown or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No resource with this id belongs to the caller (it may not exist, or belong to another user). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body is larger than the configured limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body has a media type this operation does not accept. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The request is well-formed but refers to something unusable (another user's item, an
             *     unknown user id, a folder inside itself); `errors` names the field. On a POST, also:
             *     the `Idempotency-Key` was used for a different request (`urn:vault:problem:idempotency-key-reused`,
             *     naming `/headers/idempotency-key`).
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests for this api key; wait for the `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; it is logged under the request id given in `instance`. No internals are revealed. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The service cannot answer right now; retry after `Retry-After` seconds. Either the
             *     database cannot be reached (`urn:vault:problem:unavailable`; this includes the api
             *     key check: a key is never refused with 401 because the database could not be
             *     asked), or the request ran into a time limit (`urn:vault:problem:timeout`: a
             *     statement ran longer than `DATABASE_STATEMENT_TIMEOUT_MS`, a lock or a connection
             *     was not had within its limit, or a deadlock persisted after three attempts).
             *     Nothing was changed.
             */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    downloadFile: {
        parameters: {
            query?: never;
            header?: {
                /** @description A single byte range, e.g. `bytes=0-99` or `bytes=-100` (the last 100 bytes); answered with 206. */
                Range?: string;
                /** @description Apply `Range` only if this is the current `ETag` (strong comparison: a weak tag `W/"…"` never matches). */
                "If-Range"?: string;
                /** @description The `ETag` the caller has; answered with 304 when it is current. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description The id of the file upload. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    /** @description The length of the body sent: the whole content, or the range for a 206. */
                    "Content-Length": number;
                    /** @description The SHA-256 of the content, quoted: a strong entity tag. */
                    ETag: string;
                    "Accept-Ranges": "bytes";
                    /**
                     * @description `attachment` with the file's name (RFC 6266): an ASCII `filename` (other characters
                     *     replaced by `?`) and, when the name is not plain ASCII, the exact name as
                     *     `filename*=UTF-8''…` (RFC 8187), e.g.
                     *     `attachment; filename="?n?c?d? ??.pdf"; filename*=UTF-8''%C3%9Cn%C3%AFc%C3%B6d%C3%A9%20%E6%8A%A5%E5%91%8A.pdf`.
                     */
                    "Content-Disposition": string;
                    /**
                     * @description `private, no-cache` for the owner's download: a file is its owner's, so no shared
                     *     cache keeps it, and a private cache revalidates with the `ETag`; `private, no-store`
                     *     through a link, which may end at any moment.
                     */
                    "Cache-Control": "private, no-cache";
                    [name: string]: unknown;
                };
                content: {
                    "*/*": Blob;
                };
            };
            /** @description Successful */
            206: {
                headers: {
                    /** @description The length of the body sent: the whole content, or the range for a 206. */
                    "Content-Length": number;
                    /** @description The SHA-256 of the content, quoted: a strong entity tag. */
                    ETag: string;
                    "Accept-Ranges": "bytes";
                    /**
                     * @description `attachment` with the file's name (RFC 6266): an ASCII `filename` (other characters
                     *     replaced by `?`) and, when the name is not plain ASCII, the exact name as
                     *     `filename*=UTF-8''…` (RFC 8187), e.g.
                     *     `attachment; filename="?n?c?d? ??.pdf"; filename*=UTF-8''%C3%9Cn%C3%AFc%C3%B6d%C3%A9%20%E6%8A%A5%E5%91%8A.pdf`.
                     */
                    "Content-Disposition": string;
                    /**
                     * @description `private, no-cache` for the owner's download: a file is its owner's, so no shared
                     *     cache keeps it, and a private cache revalidates with the `ETag`; `private, no-store`
                     *     through a link, which may end at any moment.
                     */
                    "Cache-Control": "private, no-cache";
                    /** @description The range sent, e.g. `bytes 0-15/16`; `Content-Length` is the length of that range. */
                    "Content-Range": string;
                    [name: string]: unknown;
                };
                content: {
                    "*/*": Blob;
                };
            };
            /** @description The caller's copy (its `If-None-Match`) is current: no body. */
            304: {
                headers: {
                    /** @description The SHA-256 of the content, quoted. */
                    ETag: string;
                    /** @description As for the content: `private, no-cache`. */
                    "Cache-Control": "private, no-cache";
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request is malformed (bad JSON, bad header) or a field breaks the contract; `errors` names each field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The `api-key` header is missing, unknown or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No resource with this id belongs to the caller (it may not exist, or belong to another user). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The `Range` header asks for bytes outside the content. */
            416: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests for this api key; wait for the `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; it is logged under the request id given in `instance`. No internals are revealed. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The service cannot answer right now; retry after `Retry-After` seconds. Either the
             *     database cannot be reached (`urn:vault:problem:unavailable`; this includes the api
             *     key check: a key is never refused with 401 because the database could not be
             *     asked), or the request ran into a time limit (`urn:vault:problem:timeout`: a
             *     statement ran longer than `DATABASE_STATEMENT_TIMEOUT_MS`, a lock or a connection
             *     was not had within its limit, or a deadlock persisted after three attempts).
             *     Nothing was changed.
             */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    headFileContent: {
        parameters: {
            query?: never;
            header?: {
                /** @description The `ETag` the caller has; answered with 304 when it is current. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description The id of the file upload. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    /** @description The sniffed type of the content. */
                    "content-type": string;
                    /** @description The length of the body sent: the whole content, or the range for a 206. */
                    "Content-Length": number;
                    /** @description The SHA-256 of the content, quoted: a strong entity tag. */
                    ETag: string;
                    "Accept-Ranges": "bytes";
                    /**
                     * @description `attachment` with the file's name (RFC 6266): an ASCII `filename` (other characters
                     *     replaced by `?`) and, when the name is not plain ASCII, the exact name as
                     *     `filename*=UTF-8''…` (RFC 8187), e.g.
                     *     `attachment; filename="?n?c?d? ??.pdf"; filename*=UTF-8''%C3%9Cn%C3%AFc%C3%B6d%C3%A9%20%E6%8A%A5%E5%91%8A.pdf`.
                     */
                    "Content-Disposition": string;
                    /**
                     * @description `private, no-cache` for the owner's download: a file is its owner's, so no shared
                     *     cache keeps it, and a private cache revalidates with the `ETag`; `private, no-store`
                     *     through a link, which may end at any moment.
                     */
                    "Cache-Control": "private, no-cache";
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The caller's copy (its `If-None-Match`) is current: no body. */
            304: {
                headers: {
                    /** @description The SHA-256 of the content, quoted. */
                    ETag: string;
                    /** @description As for the content: `private, no-cache`. */
                    "Cache-Control": "private, no-cache";
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An error answered to a HEAD request: the status (and `Content-Type`) of the problem a GET would answer, without its body. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An error answered to a HEAD request: the status (and `Content-Type`) of the problem a GET would answer, without its body. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An error answered to a HEAD request: the status (and `Content-Type`) of the problem a GET would answer, without its body. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An error answered to a HEAD request: the status (and `Content-Type`) of the problem a GET would answer, without its body. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An error answered to a HEAD request: the status (and `Content-Type`) of the problem a GET would answer, without its body. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An error answered to a HEAD request: the status (and `Content-Type`) of the problem a GET would answer, without its body. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    createFileDownloadLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The id of the file upload. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["DownloadLinkRequest"];
            };
        };
        responses: {
            /** @description A new download link. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DownloadLink"];
                };
            };
            /** @description The request is malformed (bad JSON, bad header) or a field breaks the contract; `errors` names each field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The `api-key` header is missing, unknown or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No resource with this id belongs to the caller (it may not exist, or belong to another user). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body is larger than the configured limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body has a media type this operation does not accept. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The request is well-formed but refers to something unusable (another user's item, an
             *     unknown user id, a folder inside itself); `errors` names the field. On a POST, also:
             *     the `Idempotency-Key` was used for a different request (`urn:vault:problem:idempotency-key-reused`,
             *     naming `/headers/idempotency-key`).
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests for this api key; wait for the `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; it is logged under the request id given in `instance`. No internals are revealed. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The service cannot answer right now; retry after `Retry-After` seconds. Either the
             *     database cannot be reached (`urn:vault:problem:unavailable`; this includes the api
             *     key check: a key is never refused with 401 because the database could not be
             *     asked), or the request ran into a time limit (`urn:vault:problem:timeout`: a
             *     statement ran longer than `DATABASE_STATEMENT_TIMEOUT_MS`, a lock or a connection
             *     was not had within its limit, or a deadlock persisted after three attempts).
             *     Nothing was changed.
             */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listFileVersions: {
        parameters: {
            query?: {
                /**
                 * @description Where the page starts: the opaque `cursor` of a `next` link, as given. A cursor
                 *     is signed and belongs to one caller and one list (with its filters): any other
                 *     answers 400 naming `cursor`.
                 */
                cursor?: components["parameters"]["PageQuery.cursor"];
                /** @description How many items a page holds: 1 to 200, 50 when omitted. */
                page_size?: components["parameters"]["PageQuery.page_size"];
            };
            header?: never;
            path: {
                /** @description The id of the file upload. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /**
             * @description One page of a list: the items in list order and the absolute URL of the next page.
             *     Following `next` until it is null visits every item exactly once, even while items
             *     are added or removed meanwhile (a removed item may be missing; none repeats).
             */
            200: {
                headers: {
                    /** @description `private, no-cache`: a list is its owner's; a private cache revalidates. */
                    "Cache-Control": "private, no-cache";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FileVersionPage"];
                };
            };
            /** @description The request is malformed (bad JSON, bad header) or a field breaks the contract; `errors` names each field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The `api-key` header is missing, unknown or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No resource with this id belongs to the caller (it may not exist, or belong to another user). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body is larger than the configured limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body has a media type this operation does not accept. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The request is well-formed but refers to something unusable (another user's item, an
             *     unknown user id, a folder inside itself); `errors` names the field. On a POST, also:
             *     the `Idempotency-Key` was used for a different request (`urn:vault:problem:idempotency-key-reused`,
             *     naming `/headers/idempotency-key`).
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests for this api key; wait for the `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; it is logged under the request id given in `instance`. No internals are revealed. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The service cannot answer right now; retry after `Retry-After` seconds. Either the
             *     database cannot be reached (`urn:vault:problem:unavailable`; this includes the api
             *     key check: a key is never refused with 401 because the database could not be
             *     asked), or the request ran into a time limit (`urn:vault:problem:timeout`: a
             *     statement ran longer than `DATABASE_STATEMENT_TIMEOUT_MS`, a lock or a connection
             *     was not had within its limit, or a deadlock persisted after three attempts).
             *     Nothing was changed.
             */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteFileVersion: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The id of the file upload. */
                id: string;
                /** @description The id of one of the file's versions. */
                version_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; nothing to answer. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request is malformed (bad JSON, bad header) or a field breaks the contract; `errors` names each field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The `api-key` header is missing, unknown or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No resource with this id belongs to the caller (it may not exist, or belong to another user). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The change conflicts with the current state of the resource (`urn:vault:problem:conflict`:
             *     a unique value already in use, leaving a terminal status), or, on a POST, the request's
             *     `Idempotency-Key` is in use by a request still being processed
             *     (`urn:vault:problem:idempotency-key-in-use`: retry after `Retry-After` seconds).
             */
            409: {
                headers: {
                    /** @description With `idempotency-key-in-use`: seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body is larger than the configured limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body has a media type this operation does not accept. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The request is well-formed but refers to something unusable (another user's item, an
             *     unknown user id, a folder inside itself); `errors` names the field. On a POST, also:
             *     the `Idempotency-Key` was used for a different request (`urn:vault:problem:idempotency-key-reused`,
             *     naming `/headers/idempotency-key`).
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests for this api key; wait for the `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; it is logged under the request id given in `instance`. No internals are revealed. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The service cannot answer right now; retry after `Retry-After` seconds. Either the
             *     database cannot be reached (`urn:vault:problem:unavailable`; this includes the api
             *     key check: a key is never refused with 401 because the database could not be
             *     asked), or the request ran into a time limit (`urn:vault:problem:timeout`: a
             *     statement ran longer than `DATABASE_STATEMENT_TIMEOUT_MS`, a lock or a connection
             *     was not had within its limit, or a deadlock persisted after three attempts).
             *     Nothing was changed.
             */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    downloadFileVersion: {
        parameters: {
            query?: never;
            header?: {
                /** @description A single byte range, e.g. `bytes=0-99` or `bytes=-100` (the last 100 bytes); answered with 206. */
                Range?: string;
                /** @description Apply `Range` only if this is the current `ETag` (strong comparison: a weak tag `W/"…"` never matches). */
                "If-Range"?: string;
                /** @description The `ETag` the caller has; answered with 304 when it is current. */
                "If-None-Match"?: string;
            };
            path: {
                /** @description The id of the file upload. */
                id: string;
                /** @description The id of one of the file's versions. */
                version_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    /** @description The length of the body sent: the whole content, or the range for a 206. */
                    "Content-Length": number;
                    /** @description The SHA-256 of the content, quoted: a strong entity tag. */
                    ETag: string;
                    "Accept-Ranges": "bytes";
                    /**
                     * @description `attachment` with the file's name (RFC 6266): an ASCII `filename` (other characters
                     *     replaced by `?`) and, when the name is not plain ASCII, the exact name as
                     *     `filename*=UTF-8''…` (RFC 8187), e.g.
                     *     `attachment; filename="?n?c?d? ??.pdf"; filename*=UTF-8''%C3%9Cn%C3%AFc%C3%B6d%C3%A9%20%E6%8A%A5%E5%91%8A.pdf`.
                     */
                    "Content-Disposition": string;
                    /**
                     * @description `private, no-cache` for the owner's download: a file is its owner's, so no shared
                     *     cache keeps it, and a private cache revalidates with the `ETag`; `private, no-store`
                     *     through a link, which may end at any moment.
                     */
                    "Cache-Control": "private, no-cache";
                    [name: string]: unknown;
                };
                content: {
                    "*/*": Blob;
                };
            };
            /** @description Successful */
            206: {
                headers: {
                    /** @description The length of the body sent: the whole content, or the range for a 206. */
                    "Content-Length": number;
                    /** @description The SHA-256 of the content, quoted: a strong entity tag. */
                    ETag: string;
                    "Accept-Ranges": "bytes";
                    /**
                     * @description `attachment` with the file's name (RFC 6266): an ASCII `filename` (other characters
                     *     replaced by `?`) and, when the name is not plain ASCII, the exact name as
                     *     `filename*=UTF-8''…` (RFC 8187), e.g.
                     *     `attachment; filename="?n?c?d? ??.pdf"; filename*=UTF-8''%C3%9Cn%C3%AFc%C3%B6d%C3%A9%20%E6%8A%A5%E5%91%8A.pdf`.
                     */
                    "Content-Disposition": string;
                    /**
                     * @description `private, no-cache` for the owner's download: a file is its owner's, so no shared
                     *     cache keeps it, and a private cache revalidates with the `ETag`; `private, no-store`
                     *     through a link, which may end at any moment.
                     */
                    "Cache-Control": "private, no-cache";
                    /** @description The range sent, e.g. `bytes 0-15/16`; `Content-Length` is the length of that range. */
                    "Content-Range": string;
                    [name: string]: unknown;
                };
                content: {
                    "*/*": Blob;
                };
            };
            /** @description The caller's copy (its `If-None-Match`) is current: no body. */
            304: {
                headers: {
                    /** @description The SHA-256 of the content, quoted. */
                    ETag: string;
                    /** @description As for the content: `private, no-cache`. */
                    "Cache-Control": "private, no-cache";
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request is malformed (bad JSON, bad header) or a field breaks the contract; `errors` names each field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The `api-key` header is missing, unknown or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No resource with this id belongs to the caller (it may not exist, or belong to another user). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The `Range` header asks for bytes outside the content. */
            416: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests for this api key; wait for the `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; it is logged under the request id given in `instance`. No internals are revealed. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The service cannot answer right now; retry after `Retry-After` seconds. Either the
             *     database cannot be reached (`urn:vault:problem:unavailable`; this includes the api
             *     key check: a key is never refused with 401 because the database could not be
             *     asked), or the request ran into a time limit (`urn:vault:problem:timeout`: a
             *     statement ran longer than `DATABASE_STATEMENT_TIMEOUT_MS`, a lock or a connection
             *     was not had within its limit, or a deadlock persisted after three attempts).
             *     Nothing was changed.
             */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createFileVersionDownloadLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The id of the file upload. */
                id: string;
                /** @description The id of one of the file's versions. */
                version_id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["DownloadLinkRequest"];
            };
        };
        responses: {
            /** @description A new download link. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DownloadLink"];
                };
            };
            /** @description The request is malformed (bad JSON, bad header) or a field breaks the contract; `errors` names each field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The `api-key` header is missing, unknown or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No resource with this id belongs to the caller (it may not exist, or belong to another user). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body is larger than the configured limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body has a media type this operation does not accept. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The request is well-formed but refers to something unusable (another user's item, an
             *     unknown user id, a folder inside itself); `errors` names the field. On a POST, also:
             *     the `Idempotency-Key` was used for a different request (`urn:vault:problem:idempotency-key-reused`,
             *     naming `/headers/idempotency-key`).
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests for this api key; wait for the `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; it is logged under the request id given in `instance`. No internals are revealed. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The service cannot answer right now; retry after `Retry-After` seconds. Either the
             *     database cannot be reached (`urn:vault:problem:unavailable`; this includes the api
             *     key check: a key is never refused with 401 because the database could not be
             *     asked), or the request ran into a time limit (`urn:vault:problem:timeout`: a
             *     statement ran longer than `DATABASE_STATEMENT_TIMEOUT_MS`, a lock or a connection
             *     was not had within its limit, or a deadlock persisted after three attempts).
             *     Nothing was changed.
             */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    restoreFileVersion: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description The `ETag` the caller last saw, or a comma-separated list of tags: the write
                 *     applies when one of them is current, else it is refused with 412 and nothing
                 *     changes. The comparison is strong (RFC 9110 §13.1.1): a weak tag (`W/"3"`) never
                 *     matches. `*` sets no condition (a missing resource is a 404 either way).
                 */
                "If-Match"?: components["parameters"]["ConditionalWrite"];
                /**
                 * @description A key of your choice (1 to 255 characters, e.g. a UUID) that makes retrying this
                 *     POST safe. The first answer to a key (its status, body, and `ETag`, `Location`
                 *     and `Content-Type`) is kept for 24 hours per user: a retry with the same key and
                 *     the same request gets that answer again, with `Idempotent-Replayed: true`, and the
                 *     work is not done again. The same key with a different request (another path or
                 *     body) answers 422; while the first request with the key is still being processed,
                 *     409. Answers of 500 and above are not kept: the key is free again at once, so a
                 *     failed request may be retried with it. A request refused before its key is read
                 *     (a wrong api key, a rate limit, a body that breaks the contract: 400, 401, 413,
                 *     415, 429) is not kept either. Keys are the caller's own: another user's same key
                 *     is unrelated. After 24 hours a key may be used again for a new request.
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The id of the file upload. */
                id: string;
                /** @description The id of one of the file's versions. */
                version_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    /** @description The file's version after the restore; send it back in `If-Match` to make the next write conditional. */
                    ETag: string;
                    /** @description `true` when this is the kept answer to an earlier request with the same `Idempotency-Key`, replayed; absent otherwise. Kept problems (4xx) are replayed with it too. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["File"];
                };
            };
            /** @description The request is malformed (bad JSON, bad header) or a field breaks the contract; `errors` names each field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The `api-key` header is missing, unknown or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No resource with this id belongs to the caller (it may not exist, or belong to another user). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The change conflicts with the current state of the resource (`urn:vault:problem:conflict`:
             *     a unique value already in use, leaving a terminal status), or, on a POST, the request's
             *     `Idempotency-Key` is in use by a request still being processed
             *     (`urn:vault:problem:idempotency-key-in-use`: retry after `Retry-After` seconds).
             */
            409: {
                headers: {
                    /** @description With `idempotency-key-in-use`: seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The `If-Match` header does not match the current `ETag` of the resource; re-read it and retry. */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body is larger than the configured limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body has a media type this operation does not accept. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The request is well-formed but refers to something unusable (another user's item, an
             *     unknown user id, a folder inside itself); `errors` names the field. On a POST, also:
             *     the `Idempotency-Key` was used for a different request (`urn:vault:problem:idempotency-key-reused`,
             *     naming `/headers/idempotency-key`).
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests for this api key; wait for the `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; it is logged under the request id given in `instance`. No internals are revealed. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The service cannot answer right now; retry after `Retry-After` seconds. Either the
             *     database cannot be reached (`urn:vault:problem:unavailable`; this includes the api
             *     key check: a key is never refused with 401 because the database could not be
             *     asked), or the request ran into a time limit (`urn:vault:problem:timeout`: a
             *     statement ran longer than `DATABASE_STATEMENT_TIMEOUT_MS`, a lock or a connection
             *     was not had within its limit, or a deadlock persisted after three attempts).
             *     Nothing was changed.
             */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The write would take the caller past their quota (`USER_QUOTA_BYTES`;
             *     `urn:vault:problem:quota-exceeded`, naming the file part or `Upload-Length` when an
             *     upload announced the bytes): nothing was stored or changed. Free bytes (delete files,
             *     versions or bin entries) first; `GET /evault/v2/usage/` shows where they are.
             *     Or the file store is full (a full disk or quota): the upload stored nothing and changed
             *     nothing (`urn:vault:problem:insufficient-storage`). Retry once space is freed. A file
             *     store that refuses an upload for another reason (a permission, a read-only volume,
             *     S3 `AccessDenied`) answers 503 `urn:vault:problem:unavailable`; the details are logged,
             *     never sent.
             */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listFolders: {
        parameters: {
            query?: {
                /** @description The id of one of the caller's folders; omitted, the caller's top-level folders. */
                parent?: components["parameters"]["FolderFilter"];
                /**
                 * @description Where the page starts: the opaque `cursor` of a `next` link, as given. A cursor
                 *     is signed and belongs to one caller and one list (with its filters): any other
                 *     answers 400 naming `cursor`.
                 */
                cursor?: components["parameters"]["PageQuery.cursor"];
                /** @description How many items a page holds: 1 to 200, 50 when omitted. */
                page_size?: components["parameters"]["PageQuery.page_size"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /**
             * @description One page of a list: the items in list order and the absolute URL of the next page.
             *     Following `next` until it is null visits every item exactly once, even while items
             *     are added or removed meanwhile (a removed item may be missing; none repeats).
             */
            200: {
                headers: {
                    /** @description `private, no-cache`: a list is its owner's; a private cache revalidates. */
                    "Cache-Control": "private, no-cache";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FolderPage"];
                };
            };
            /** @description The request is malformed (bad JSON, bad header) or a field breaks the contract; `errors` names each field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The `api-key` header is missing, unknown or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No resource with this id belongs to the caller (it may not exist, or belong to another user). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body is larger than the configured limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body has a media type this operation does not accept. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The request is well-formed but refers to something unusable (another user's item, an
             *     unknown user id, a folder inside itself); `errors` names the field. On a POST, also:
             *     the `Idempotency-Key` was used for a different request (`urn:vault:problem:idempotency-key-reused`,
             *     naming `/headers/idempotency-key`).
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests for this api key; wait for the `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; it is logged under the request id given in `instance`. No internals are revealed. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The service cannot answer right now; retry after `Retry-After` seconds. Either the
             *     database cannot be reached (`urn:vault:problem:unavailable`; this includes the api
             *     key check: a key is never refused with 401 because the database could not be
             *     asked), or the request ran into a time limit (`urn:vault:problem:timeout`: a
             *     statement ran longer than `DATABASE_STATEMENT_TIMEOUT_MS`, a lock or a connection
             *     was not had within its limit, or a deadlock persisted after three attempts).
             *     Nothing was changed.
             */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createFolder: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description A key of your choice (1 to 255 characters, e.g. a UUID) that makes retrying this
                 *     POST safe. The first answer to a key (its status, body, and `ETag`, `Location`
                 *     and `Content-Type`) is kept for 24 hours per user: a retry with the same key and
                 *     the same request gets that answer again, with `Idempotent-Replayed: true`, and the
                 *     work is not done again. The same key with a different request (another path or
                 *     body) answers 422; while the first request with the key is still being processed,
                 *     409. Answers of 500 and above are not kept: the key is free again at once, so a
                 *     failed request may be retried with it. A request refused before its key is read
                 *     (a wrong api key, a rate limit, a body that breaks the contract: 400, 401, 413,
                 *     415, 429) is not kept either. Keys are the caller's own: another user's same key
                 *     is unrelated. After 24 hours a key may be used again for a new request.
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FolderCreate"];
            };
        };
        responses: {
            /** @description A resource created: 201 with its address and version. */
            201: {
                headers: {
                    /** @description The absolute URL of the new resource (its GET). */
                    Location: string;
                    /** @description The new resource's version; send it back in `If-Match` to make the next write conditional. */
                    ETag: string;
                    /** @description `true` when this is the kept answer to an earlier request with the same `Idempotency-Key`, replayed; absent otherwise. Kept problems (4xx) are replayed with it too. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Folder"];
                };
            };
            /** @description The request is malformed (bad JSON, bad header) or a field breaks the contract; `errors` names each field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The `api-key` header is missing, unknown or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No resource with this id belongs to the caller (it may not exist, or belong to another user). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The change conflicts with the current state of the resource (`urn:vault:problem:conflict`:
             *     a unique value already in use, leaving a terminal status), or, on a POST, the request's
             *     `Idempotency-Key` is in use by a request still being processed
             *     (`urn:vault:problem:idempotency-key-in-use`: retry after `Retry-After` seconds).
             */
            409: {
                headers: {
                    /** @description With `idempotency-key-in-use`: seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body is larger than the configured limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body has a media type this operation does not accept. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The request is well-formed but refers to something unusable (another user's item, an
             *     unknown user id, a folder inside itself); `errors` names the field. On a POST, also:
             *     the `Idempotency-Key` was used for a different request (`urn:vault:problem:idempotency-key-reused`,
             *     naming `/headers/idempotency-key`).
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests for this api key; wait for the `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; it is logged under the request id given in `instance`. No internals are revealed. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The service cannot answer right now; retry after `Retry-After` seconds. Either the
             *     database cannot be reached (`urn:vault:problem:unavailable`; this includes the api
             *     key check: a key is never refused with 401 because the database could not be
             *     asked), or the request ran into a time limit (`urn:vault:problem:timeout`: a
             *     statement ran longer than `DATABASE_STATEMENT_TIMEOUT_MS`, a lock or a connection
             *     was not had within its limit, or a deadlock persisted after three attempts).
             *     Nothing was changed.
             */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getFolder: {
        parameters: {
            query?: never;
            header?: {
                /** @description An `ETag` the caller has (or several, comma-separated, or `*`): answered with 304 when one of them is current. */
                "If-None-Match"?: components["parameters"]["ConditionalRead"];
            };
            path: {
                /** @description The id of the file folder. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One resource, read: its current `ETag` and the body. */
            200: {
                headers: {
                    /**
                     * @description The current representation's entity tag, `"<version>.<digest>"`. Send it back in
                     *     `If-None-Match` for a 304 while nothing you can see changed, or in `If-Match` to
                     *     make a write conditional on the resource's version (only the version part counts
                     *     there: a write conflicts over the resource's own fields).
                     */
                    ETag: string;
                    /** @description `private, no-cache`: a resource is its owner's; a private cache revalidates with the `ETag`. */
                    "Cache-Control": "private, no-cache";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Folder"];
                };
            };
            /** @description The caller's copy (its `If-None-Match`) is current: no body. */
            304: {
                headers: {
                    /** @description The current entity tag. */
                    ETag: string;
                    /** @description As for the resource: `private, no-cache`. */
                    "Cache-Control": "private, no-cache";
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request is malformed (bad JSON, bad header) or a field breaks the contract; `errors` names each field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The `api-key` header is missing, unknown or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No resource with this id belongs to the caller (it may not exist, or belong to another user). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body is larger than the configured limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body has a media type this operation does not accept. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The request is well-formed but refers to something unusable (another user's item, an
             *     unknown user id, a folder inside itself); `errors` names the field. On a POST, also:
             *     the `Idempotency-Key` was used for a different request (`urn:vault:problem:idempotency-key-reused`,
             *     naming `/headers/idempotency-key`).
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests for this api key; wait for the `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; it is logged under the request id given in `instance`. No internals are revealed. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The service cannot answer right now; retry after `Retry-After` seconds. Either the
             *     database cannot be reached (`urn:vault:problem:unavailable`; this includes the api
             *     key check: a key is never refused with 401 because the database could not be
             *     asked), or the request ran into a time limit (`urn:vault:problem:timeout`: a
             *     statement ran longer than `DATABASE_STATEMENT_TIMEOUT_MS`, a lock or a connection
             *     was not had within its limit, or a deadlock persisted after three attempts).
             *     Nothing was changed.
             */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteFolder: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The id of the file folder. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Bin"];
                };
            };
            /** @description The request is malformed (bad JSON, bad header) or a field breaks the contract; `errors` names each field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The `api-key` header is missing, unknown or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No resource with this id belongs to the caller (it may not exist, or belong to another user). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body is larger than the configured limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body has a media type this operation does not accept. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The request is well-formed but refers to something unusable (another user's item, an
             *     unknown user id, a folder inside itself); `errors` names the field. On a POST, also:
             *     the `Idempotency-Key` was used for a different request (`urn:vault:problem:idempotency-key-reused`,
             *     naming `/headers/idempotency-key`).
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests for this api key; wait for the `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; it is logged under the request id given in `instance`. No internals are revealed. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The service cannot answer right now; retry after `Retry-After` seconds. Either the
             *     database cannot be reached (`urn:vault:problem:unavailable`; this includes the api
             *     key check: a key is never refused with 401 because the database could not be
             *     asked), or the request ran into a time limit (`urn:vault:problem:timeout`: a
             *     statement ran longer than `DATABASE_STATEMENT_TIMEOUT_MS`, a lock or a connection
             *     was not had within its limit, or a deadlock persisted after three attempts).
             *     Nothing was changed.
             */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    downloadFolderArchive: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The id of the file folder. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    /** @description The archive's length in bytes. */
                    "Content-Length": number;
                    /** @description `attachment` with the folder's name and `.zip` (RFC 6266, and RFC 8187 for names beyond ASCII). */
                    "Content-Disposition": string;
                    /** @description `private, no-store`: an archive is made for one request. */
                    "Cache-Control": "private, no-store";
                    [name: string]: unknown;
                };
                content: {
                    "application/zip": Blob;
                };
            };
            /** @description The request is malformed (bad JSON, bad header) or a field breaks the contract; `errors` names each field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The `api-key` header is missing, unknown or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No resource with this id belongs to the caller (it may not exist, or belong to another user). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body is larger than the configured limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests for this api key; wait for the `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; it is logged under the request id given in `instance`. No internals are revealed. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The service cannot answer right now; retry after `Retry-After` seconds. Either the
             *     database cannot be reached (`urn:vault:problem:unavailable`; this includes the api
             *     key check: a key is never refused with 401 because the database could not be
             *     asked), or the request ran into a time limit (`urn:vault:problem:timeout`: a
             *     statement ran longer than `DATABASE_STATEMENT_TIMEOUT_MS`, a lock or a connection
             *     was not had within its limit, or a deadlock persisted after three attempts).
             *     Nothing was changed.
             */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    duplicateFolder: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description A key of your choice (1 to 255 characters, e.g. a UUID) that makes retrying this
                 *     POST safe. The first answer to a key (its status, body, and `ETag`, `Location`
                 *     and `Content-Type`) is kept for 24 hours per user: a retry with the same key and
                 *     the same request gets that answer again, with `Idempotent-Replayed: true`, and the
                 *     work is not done again. The same key with a different request (another path or
                 *     body) answers 422; while the first request with the key is still being processed,
                 *     409. Answers of 500 and above are not kept: the key is free again at once, so a
                 *     failed request may be retried with it. A request refused before its key is read
                 *     (a wrong api key, a rate limit, a body that breaks the contract: 400, 401, 413,
                 *     415, 429) is not kept either. Keys are the caller's own: another user's same key
                 *     is unrelated. After 24 hours a key may be used again for a new request.
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The id of the file folder to copy. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FolderInput"];
            };
        };
        responses: {
            /** @description The request has succeeded and a new resource has been created as a result. */
            201: {
                headers: {
                    /** @description `true` when this is the kept answer to an earlier request with the same `Idempotency-Key`, replayed; absent otherwise. Kept problems (4xx) are replayed with it too. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Folder"];
                };
            };
            /** @description The request is malformed (bad JSON, bad header) or a field breaks the contract; `errors` names each field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The `api-key` header is missing, unknown or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No resource with this id belongs to the caller (it may not exist, or belong to another user). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The change conflicts with the current state of the resource (`urn:vault:problem:conflict`:
             *     a unique value already in use, leaving a terminal status), or, on a POST, the request's
             *     `Idempotency-Key` is in use by a request still being processed
             *     (`urn:vault:problem:idempotency-key-in-use`: retry after `Retry-After` seconds).
             */
            409: {
                headers: {
                    /** @description With `idempotency-key-in-use`: seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body is larger than the configured limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body has a media type this operation does not accept. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The request is well-formed but refers to something unusable (another user's item, an
             *     unknown user id, a folder inside itself); `errors` names the field. On a POST, also:
             *     the `Idempotency-Key` was used for a different request (`urn:vault:problem:idempotency-key-reused`,
             *     naming `/headers/idempotency-key`).
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests for this api key; wait for the `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; it is logged under the request id given in `instance`. No internals are revealed. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The service cannot answer right now; retry after `Retry-After` seconds. Either the
             *     database cannot be reached (`urn:vault:problem:unavailable`; this includes the api
             *     key check: a key is never refused with 401 because the database could not be
             *     asked), or the request ran into a time limit (`urn:vault:problem:timeout`: a
             *     statement ran longer than `DATABASE_STATEMENT_TIMEOUT_MS`, a lock or a connection
             *     was not had within its limit, or a deadlock persisted after three attempts).
             *     Nothing was changed.
             */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The write would take the caller past their quota (`USER_QUOTA_BYTES`;
             *     `urn:vault:problem:quota-exceeded`, naming the file part or `Upload-Length` when an
             *     upload announced the bytes): nothing was stored or changed. Free bytes (delete files,
             *     versions or bin entries) first; `GET /evault/v2/usage/` shows where they are.
             *     Or the file store is full (a full disk or quota): the upload stored nothing and changed
             *     nothing (`urn:vault:problem:insufficient-storage`). Retry once space is freed. A file
             *     store that refuses an upload for another reason (a permission, a read-only volume,
             *     S3 `AccessDenied`) answers 503 `urn:vault:problem:unavailable`; the details are logged,
             *     never sent.
             */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getLink: {
        parameters: {
            query?: {
                /**
                 * @description A folder of a shared folder's subtree (outside the bin; anything else answers
                 *     404): the answer describes it instead of the shared folder, and the page lists it.
                 */
                folder?: string;
                /**
                 * @description Where the page's listing resumes: the page's own "More" link carries it. The JSON
                 *     answer lists nothing and takes none (400); lists are `…/folders/` and `…/files/`.
                 */
                cursor?: string;
            };
            header?: {
                /**
                 * @description `Bearer <access_token>` from `POST …/links/{token}/unlock/`: needed on a public link
                 *     with a password (else 401 naming `/headers/authorization`); the owner and the linked
                 *     users need none, with their `api-key`.
                 */
                Authorization?: components["parameters"]["LinkCredentials.authorization"];
            };
            path: {
                /** @description The link's token, as in the share's `link`. */
                token: string;
            };
            cookie?: {
                /**
                 * @description The same unlock as a browser holds it: the unlock form sets it (HttpOnly,
                 *     SameSite=Strict, for this link's path only), so the page's links and downloads open
                 *     without a header.
                 */
                link_access?: components["parameters"]["LinkCredentials.linkAccess"];
            };
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    /** @description `private, no-store`: a link may end at any moment, so no cache keeps what it answered. */
                    "Cache-Control": "private, no-store";
                    /** @description `no-referrer`: a page opened from the link does not learn it. */
                    "Referrer-Policy": "no-referrer";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SharedItem"];
                };
            };
            /** @description The request is malformed (bad JSON, bad header) or a field breaks the contract; `errors` names each field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The `api-key` header is missing, unknown or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No resource with this id belongs to the caller (it may not exist, or belong to another user). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The link has expired (its share's `expires_at` has passed): `urn:vault:problem:share-expired`.
             *     A link that was revoked, replaced or never existed answers 404 instead.
             */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests for this api key; wait for the `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; it is logged under the request id given in `instance`. No internals are revealed. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The service cannot answer right now; retry after `Retry-After` seconds. Either the
             *     database cannot be reached (`urn:vault:problem:unavailable`; this includes the api
             *     key check: a key is never refused with 401 because the database could not be
             *     asked), or the request ran into a time limit (`urn:vault:problem:timeout`: a
             *     statement ran longer than `DATABASE_STATEMENT_TIMEOUT_MS`, a lock or a connection
             *     was not had within its limit, or a deadlock persisted after three attempts).
             *     Nothing was changed.
             */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    downloadLinkArchive: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description `Bearer <access_token>` from `POST …/links/{token}/unlock/`: needed on a public link
                 *     with a password (else 401 naming `/headers/authorization`); the owner and the linked
                 *     users need none, with their `api-key`.
                 */
                Authorization?: components["parameters"]["LinkCredentials.authorization"];
            };
            path: {
                /** @description The link's token, as in the share's `link`. */
                token: string;
            };
            cookie?: {
                /**
                 * @description The same unlock as a browser holds it: the unlock form sets it (HttpOnly,
                 *     SameSite=Strict, for this link's path only), so the page's links and downloads open
                 *     without a header.
                 */
                link_access?: components["parameters"]["LinkCredentials.linkAccess"];
            };
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    /** @description `private, no-store`: a link may end at any moment, so no cache keeps what it answered. */
                    "Cache-Control": "private, no-store";
                    /** @description `no-referrer`: a page opened from the link does not learn it. */
                    "Referrer-Policy": "no-referrer";
                    /** @description The archive's length in bytes. */
                    "Content-Length": number;
                    /** @description `attachment` with the folder's name and `.zip` (RFC 6266, and RFC 8187 for names beyond ASCII). */
                    "Content-Disposition": string;
                    [name: string]: unknown;
                };
                content: {
                    "application/zip": Blob;
                };
            };
            /** @description The request is malformed (bad JSON, bad header) or a field breaks the contract; `errors` names each field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The `api-key` header is missing, unknown or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No resource with this id belongs to the caller (it may not exist, or belong to another user). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The link has expired (its share's `expires_at` has passed): `urn:vault:problem:share-expired`.
             *     A link that was revoked, replaced or never existed answers 404 instead.
             */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body is larger than the configured limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests for this api key; wait for the `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; it is logged under the request id given in `instance`. No internals are revealed. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The service cannot answer right now; retry after `Retry-After` seconds. Either the
             *     database cannot be reached (`urn:vault:problem:unavailable`; this includes the api
             *     key check: a key is never refused with 401 because the database could not be
             *     asked), or the request ran into a time limit (`urn:vault:problem:timeout`: a
             *     statement ran longer than `DATABASE_STATEMENT_TIMEOUT_MS`, a lock or a connection
             *     was not had within its limit, or a deadlock persisted after three attempts).
             *     Nothing was changed.
             */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    downloadLink: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description `Bearer <access_token>` from `POST …/links/{token}/unlock/`: needed on a public link
                 *     with a password (else 401 naming `/headers/authorization`); the owner and the linked
                 *     users need none, with their `api-key`.
                 */
                Authorization?: components["parameters"]["LinkCredentials.authorization"];
                /** @description One byte range, e.g. `bytes=0-1023`, `bytes=1024-` or `bytes=-500` (the last 500 bytes). */
                Range?: components["parameters"]["ContentConditions.range"];
                /** @description Apply `Range` only if this is the current `ETag` (strong comparison). */
                "If-Range"?: components["parameters"]["ContentConditions.ifRange"];
                /** @description The `ETag` the caller has; answered with 304 when it is current. */
                "If-None-Match"?: components["parameters"]["ContentConditions.ifNoneMatch"];
            };
            path: {
                /** @description The link's token, as in the share's `link`. */
                token: string;
            };
            cookie?: {
                /**
                 * @description The same unlock as a browser holds it: the unlock form sets it (HttpOnly,
                 *     SameSite=Strict, for this link's path only), so the page's links and downloads open
                 *     without a header.
                 */
                link_access?: components["parameters"]["LinkCredentials.linkAccess"];
            };
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    /** @description The length of the body sent: the whole content, or the range for a 206. */
                    "Content-Length": number;
                    /** @description The SHA-256 of the content, quoted: a strong entity tag. */
                    ETag: string;
                    "Accept-Ranges": "bytes";
                    /**
                     * @description `attachment` with the file's name (RFC 6266): an ASCII `filename` (other characters
                     *     replaced by `?`) and, when the name is not plain ASCII, the exact name as
                     *     `filename*=UTF-8''…` (RFC 8187), e.g.
                     *     `attachment; filename="?n?c?d? ??.pdf"; filename*=UTF-8''%C3%9Cn%C3%AFc%C3%B6d%C3%A9%20%E6%8A%A5%E5%91%8A.pdf`.
                     */
                    "Content-Disposition": string;
                    /**
                     * @description `private, no-cache` for the owner's download: a file is its owner's, so no shared
                     *     cache keeps it, and a private cache revalidates with the `ETag`; `private, no-store`
                     *     through a link, which may end at any moment.
                     */
                    "Cache-Control": "private, no-store";
                    "Referrer-Policy": "no-referrer";
                    [name: string]: unknown;
                };
                content: {
                    "*/*": Blob;
                };
            };
            /** @description Successful */
            206: {
                headers: {
                    /** @description The length of the body sent: the whole content, or the range for a 206. */
                    "Content-Length": number;
                    /** @description The SHA-256 of the content, quoted: a strong entity tag. */
                    ETag: string;
                    "Accept-Ranges": "bytes";
                    /**
                     * @description `attachment` with the file's name (RFC 6266): an ASCII `filename` (other characters
                     *     replaced by `?`) and, when the name is not plain ASCII, the exact name as
                     *     `filename*=UTF-8''…` (RFC 8187), e.g.
                     *     `attachment; filename="?n?c?d? ??.pdf"; filename*=UTF-8''%C3%9Cn%C3%AFc%C3%B6d%C3%A9%20%E6%8A%A5%E5%91%8A.pdf`.
                     */
                    "Content-Disposition": string;
                    /**
                     * @description `private, no-cache` for the owner's download: a file is its owner's, so no shared
                     *     cache keeps it, and a private cache revalidates with the `ETag`; `private, no-store`
                     *     through a link, which may end at any moment.
                     */
                    "Cache-Control": "private, no-store";
                    "Referrer-Policy": "no-referrer";
                    /** @description The range sent, e.g. `bytes 0-15/16`; `Content-Length` is the length of that range. */
                    "Content-Range": string;
                    [name: string]: unknown;
                };
                content: {
                    "*/*": Blob;
                };
            };
            /** @description The client has made a conditional request and the resource has not been modified. */
            304: {
                headers: {
                    /** @description The SHA-256 of the content, quoted. */
                    ETag: string;
                    /** @description `private, no-store`: a link may end at any moment, so no cache keeps what it answered. */
                    "Cache-Control": "private, no-store";
                    /** @description `no-referrer`: a page opened from the link does not learn it. */
                    "Referrer-Policy": "no-referrer";
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request is malformed (bad JSON, bad header) or a field breaks the contract; `errors` names each field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The `api-key` header is missing, unknown or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No resource with this id belongs to the caller (it may not exist, or belong to another user). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The link has expired (its share's `expires_at` has passed): `urn:vault:problem:share-expired`.
             *     A link that was revoked, replaced or never existed answers 404 instead.
             */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The `Range` header asks for bytes outside the content. */
            416: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests for this api key; wait for the `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; it is logged under the request id given in `instance`. No internals are revealed. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The service cannot answer right now; retry after `Retry-After` seconds. Either the
             *     database cannot be reached (`urn:vault:problem:unavailable`; this includes the api
             *     key check: a key is never refused with 401 because the database could not be
             *     asked), or the request ran into a time limit (`urn:vault:problem:timeout`: a
             *     statement ran longer than `DATABASE_STATEMENT_TIMEOUT_MS`, a lock or a connection
             *     was not had within its limit, or a deadlock persisted after three attempts).
             *     Nothing was changed.
             */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listLinkFiles: {
        parameters: {
            query?: {
                /**
                 * @description The id of the shared folder or of a folder inside it, outside the bin (anything
                 *     else, another user's folder included, answers 404); omitted, the shared folder.
                 */
                folder?: components["parameters"]["LinkFolderFilter"];
                /**
                 * @description Where the page starts: the opaque `cursor` of a `next` link, as given. A cursor
                 *     is signed and belongs to one caller and one list (with its filters): any other
                 *     answers 400 naming `cursor`.
                 */
                cursor?: components["parameters"]["PageQuery.cursor"];
                /** @description How many items a page holds: 1 to 200, 50 when omitted. */
                page_size?: components["parameters"]["PageQuery.page_size"];
            };
            header?: {
                /**
                 * @description `Bearer <access_token>` from `POST …/links/{token}/unlock/`: needed on a public link
                 *     with a password (else 401 naming `/headers/authorization`); the owner and the linked
                 *     users need none, with their `api-key`.
                 */
                Authorization?: components["parameters"]["LinkCredentials.authorization"];
            };
            path: {
                /** @description The link's token, as in the share's `link`. */
                token: string;
            };
            cookie?: {
                /**
                 * @description The same unlock as a browser holds it: the unlock form sets it (HttpOnly,
                 *     SameSite=Strict, for this link's path only), so the page's links and downloads open
                 *     without a header.
                 */
                link_access?: components["parameters"]["LinkCredentials.linkAccess"];
            };
        };
        requestBody?: never;
        responses: {
            /** @description A page through a link: no cache may keep it. */
            200: {
                headers: {
                    /** @description `private, no-store`: a link may end at any moment, so no cache keeps what it answered. */
                    "Cache-Control": "private, no-store";
                    /** @description `no-referrer`: a page opened from the link does not learn it. */
                    "Referrer-Policy": "no-referrer";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LinkFilePage"];
                };
            };
            /** @description The request is malformed (bad JSON, bad header) or a field breaks the contract; `errors` names each field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The `api-key` header is missing, unknown or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No resource with this id belongs to the caller (it may not exist, or belong to another user). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The link has expired (its share's `expires_at` has passed): `urn:vault:problem:share-expired`.
             *     A link that was revoked, replaced or never existed answers 404 instead.
             */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests for this api key; wait for the `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; it is logged under the request id given in `instance`. No internals are revealed. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The service cannot answer right now; retry after `Retry-After` seconds. Either the
             *     database cannot be reached (`urn:vault:problem:unavailable`; this includes the api
             *     key check: a key is never refused with 401 because the database could not be
             *     asked), or the request ran into a time limit (`urn:vault:problem:timeout`: a
             *     statement ran longer than `DATABASE_STATEMENT_TIMEOUT_MS`, a lock or a connection
             *     was not had within its limit, or a deadlock persisted after three attempts).
             *     Nothing was changed.
             */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    downloadLinkFile: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description `Bearer <access_token>` from `POST …/links/{token}/unlock/`: needed on a public link
                 *     with a password (else 401 naming `/headers/authorization`); the owner and the linked
                 *     users need none, with their `api-key`.
                 */
                Authorization?: components["parameters"]["LinkCredentials.authorization"];
                /** @description One byte range, e.g. `bytes=0-1023`, `bytes=1024-` or `bytes=-500` (the last 500 bytes). */
                Range?: components["parameters"]["ContentConditions.range"];
                /** @description Apply `Range` only if this is the current `ETag` (strong comparison). */
                "If-Range"?: components["parameters"]["ContentConditions.ifRange"];
                /** @description The `ETag` the caller has; answered with 304 when it is current. */
                "If-None-Match"?: components["parameters"]["ContentConditions.ifNoneMatch"];
            };
            path: {
                /** @description The link's token, as in the share's `link`. */
                token: string;
                /** @description The id of a file inside the shared folder. */
                file_id: string;
            };
            cookie?: {
                /**
                 * @description The same unlock as a browser holds it: the unlock form sets it (HttpOnly,
                 *     SameSite=Strict, for this link's path only), so the page's links and downloads open
                 *     without a header.
                 */
                link_access?: components["parameters"]["LinkCredentials.linkAccess"];
            };
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    /** @description The length of the body sent: the whole content, or the range for a 206. */
                    "Content-Length": number;
                    /** @description The SHA-256 of the content, quoted: a strong entity tag. */
                    ETag: string;
                    "Accept-Ranges": "bytes";
                    /**
                     * @description `attachment` with the file's name (RFC 6266): an ASCII `filename` (other characters
                     *     replaced by `?`) and, when the name is not plain ASCII, the exact name as
                     *     `filename*=UTF-8''…` (RFC 8187), e.g.
                     *     `attachment; filename="?n?c?d? ??.pdf"; filename*=UTF-8''%C3%9Cn%C3%AFc%C3%B6d%C3%A9%20%E6%8A%A5%E5%91%8A.pdf`.
                     */
                    "Content-Disposition": string;
                    /**
                     * @description `private, no-cache` for the owner's download: a file is its owner's, so no shared
                     *     cache keeps it, and a private cache revalidates with the `ETag`; `private, no-store`
                     *     through a link, which may end at any moment.
                     */
                    "Cache-Control": "private, no-store";
                    "Referrer-Policy": "no-referrer";
                    [name: string]: unknown;
                };
                content: {
                    "*/*": Blob;
                };
            };
            /** @description Successful */
            206: {
                headers: {
                    /** @description The length of the body sent: the whole content, or the range for a 206. */
                    "Content-Length": number;
                    /** @description The SHA-256 of the content, quoted: a strong entity tag. */
                    ETag: string;
                    "Accept-Ranges": "bytes";
                    /**
                     * @description `attachment` with the file's name (RFC 6266): an ASCII `filename` (other characters
                     *     replaced by `?`) and, when the name is not plain ASCII, the exact name as
                     *     `filename*=UTF-8''…` (RFC 8187), e.g.
                     *     `attachment; filename="?n?c?d? ??.pdf"; filename*=UTF-8''%C3%9Cn%C3%AFc%C3%B6d%C3%A9%20%E6%8A%A5%E5%91%8A.pdf`.
                     */
                    "Content-Disposition": string;
                    /**
                     * @description `private, no-cache` for the owner's download: a file is its owner's, so no shared
                     *     cache keeps it, and a private cache revalidates with the `ETag`; `private, no-store`
                     *     through a link, which may end at any moment.
                     */
                    "Cache-Control": "private, no-store";
                    "Referrer-Policy": "no-referrer";
                    /** @description The range sent, e.g. `bytes 0-15/16`; `Content-Length` is the length of that range. */
                    "Content-Range": string;
                    [name: string]: unknown;
                };
                content: {
                    "*/*": Blob;
                };
            };
            /** @description The client has made a conditional request and the resource has not been modified. */
            304: {
                headers: {
                    /** @description The SHA-256 of the content, quoted. */
                    ETag: string;
                    /** @description `private, no-store`: a link may end at any moment, so no cache keeps what it answered. */
                    "Cache-Control": "private, no-store";
                    /** @description `no-referrer`: a page opened from the link does not learn it. */
                    "Referrer-Policy": "no-referrer";
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request is malformed (bad JSON, bad header) or a field breaks the contract; `errors` names each field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The `api-key` header is missing, unknown or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No resource with this id belongs to the caller (it may not exist, or belong to another user). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The link has expired (its share's `expires_at` has passed): `urn:vault:problem:share-expired`.
             *     A link that was revoked, replaced or never existed answers 404 instead.
             */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The `Range` header asks for bytes outside the content. */
            416: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests for this api key; wait for the `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; it is logged under the request id given in `instance`. No internals are revealed. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The service cannot answer right now; retry after `Retry-After` seconds. Either the
             *     database cannot be reached (`urn:vault:problem:unavailable`; this includes the api
             *     key check: a key is never refused with 401 because the database could not be
             *     asked), or the request ran into a time limit (`urn:vault:problem:timeout`: a
             *     statement ran longer than `DATABASE_STATEMENT_TIMEOUT_MS`, a lock or a connection
             *     was not had within its limit, or a deadlock persisted after three attempts).
             *     Nothing was changed.
             */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listLinkFolders: {
        parameters: {
            query?: {
                /**
                 * @description The id of the shared folder or of a folder inside it, outside the bin (anything
                 *     else, another user's folder included, answers 404); omitted, the shared folder.
                 */
                folder?: components["parameters"]["LinkFolderFilter"];
                /**
                 * @description Where the page starts: the opaque `cursor` of a `next` link, as given. A cursor
                 *     is signed and belongs to one caller and one list (with its filters): any other
                 *     answers 400 naming `cursor`.
                 */
                cursor?: components["parameters"]["PageQuery.cursor"];
                /** @description How many items a page holds: 1 to 200, 50 when omitted. */
                page_size?: components["parameters"]["PageQuery.page_size"];
            };
            header?: {
                /**
                 * @description `Bearer <access_token>` from `POST …/links/{token}/unlock/`: needed on a public link
                 *     with a password (else 401 naming `/headers/authorization`); the owner and the linked
                 *     users need none, with their `api-key`.
                 */
                Authorization?: components["parameters"]["LinkCredentials.authorization"];
            };
            path: {
                /** @description The link's token, as in the share's `link`. */
                token: string;
            };
            cookie?: {
                /**
                 * @description The same unlock as a browser holds it: the unlock form sets it (HttpOnly,
                 *     SameSite=Strict, for this link's path only), so the page's links and downloads open
                 *     without a header.
                 */
                link_access?: components["parameters"]["LinkCredentials.linkAccess"];
            };
        };
        requestBody?: never;
        responses: {
            /** @description A page through a link: no cache may keep it. */
            200: {
                headers: {
                    /** @description `private, no-store`: a link may end at any moment, so no cache keeps what it answered. */
                    "Cache-Control": "private, no-store";
                    /** @description `no-referrer`: a page opened from the link does not learn it. */
                    "Referrer-Policy": "no-referrer";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LinkFolderPage"];
                };
            };
            /** @description The request is malformed (bad JSON, bad header) or a field breaks the contract; `errors` names each field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The `api-key` header is missing, unknown or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No resource with this id belongs to the caller (it may not exist, or belong to another user). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The link has expired (its share's `expires_at` has passed): `urn:vault:problem:share-expired`.
             *     A link that was revoked, replaced or never existed answers 404 instead.
             */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests for this api key; wait for the `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; it is logged under the request id given in `instance`. No internals are revealed. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The service cannot answer right now; retry after `Retry-After` seconds. Either the
             *     database cannot be reached (`urn:vault:problem:unavailable`; this includes the api
             *     key check: a key is never refused with 401 because the database could not be
             *     asked), or the request ran into a time limit (`urn:vault:problem:timeout`: a
             *     statement ran longer than `DATABASE_STATEMENT_TIMEOUT_MS`, a lock or a connection
             *     was not had within its limit, or a deadlock persisted after three attempts).
             *     Nothing was changed.
             */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    unlockLink: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description A key of your choice (1 to 255 characters, e.g. a UUID) that makes retrying this
                 *     POST safe. The first answer to a key (its status, body, and `ETag`, `Location`
                 *     and `Content-Type`) is kept for 24 hours per user: a retry with the same key and
                 *     the same request gets that answer again, with `Idempotent-Replayed: true`, and the
                 *     work is not done again. The same key with a different request (another path or
                 *     body) answers 422; while the first request with the key is still being processed,
                 *     409. Answers of 500 and above are not kept: the key is free again at once, so a
                 *     failed request may be retried with it. A request refused before its key is read
                 *     (a wrong api key, a rate limit, a body that breaks the contract: 400, 401, 413,
                 *     415, 429) is not kept either. Keys are the caller's own: another user's same key
                 *     is unrelated. After 24 hours a key may be used again for a new request.
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The link's token, as in the share's `link`. */
                token: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LinkUnlock"];
            };
        };
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    /** @description `private, no-store`: a link may end at any moment, so no cache keeps what it answered. */
                    "Cache-Control": "private, no-store";
                    /** @description `no-referrer`: a page opened from the link does not learn it. */
                    "Referrer-Policy": "no-referrer";
                    /** @description `true` when this is the kept answer to an earlier request with the same `Idempotency-Key`, replayed; absent otherwise. Kept problems (4xx) are replayed with it too. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LinkAccess"];
                };
            };
            /** @description Redirection */
            303: {
                headers: {
                    /** @description `private, no-store`: a link may end at any moment, so no cache keeps what it answered. */
                    "Cache-Control": "private, no-store";
                    /** @description `no-referrer`: a page opened from the link does not learn it. */
                    "Referrer-Policy": "no-referrer";
                    /** @description The link's page. */
                    Location: string;
                    /** @description `link_access=<access_token>`, HttpOnly, SameSite=Strict, for the link's path, for 15 minutes. */
                    "Set-Cookie": string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request is malformed (bad JSON, bad header) or a field breaks the contract; `errors` names each field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The `api-key` header is missing, unknown or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No resource with this id belongs to the caller (it may not exist, or belong to another user). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The change conflicts with the current state of the resource (`urn:vault:problem:conflict`:
             *     a unique value already in use, leaving a terminal status), or, on a POST, the request's
             *     `Idempotency-Key` is in use by a request still being processed
             *     (`urn:vault:problem:idempotency-key-in-use`: retry after `Retry-After` seconds).
             */
            409: {
                headers: {
                    /** @description With `idempotency-key-in-use`: seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The link has expired (its share's `expires_at` has passed): `urn:vault:problem:share-expired`.
             *     A link that was revoked, replaced or never existed answers 404 instead.
             */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body is larger than the configured limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body has a media type this operation does not accept. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The request is well-formed but refers to something unusable (another user's item, an
             *     unknown user id, a folder inside itself); `errors` names the field. On a POST, also:
             *     the `Idempotency-Key` was used for a different request (`urn:vault:problem:idempotency-key-reused`,
             *     naming `/headers/idempotency-key`).
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests for this api key; wait for the `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; it is logged under the request id given in `instance`. No internals are revealed. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The service cannot answer right now; retry after `Retry-After` seconds. Either the
             *     database cannot be reached (`urn:vault:problem:unavailable`; this includes the api
             *     key check: a key is never refused with 401 because the database could not be
             *     asked), or the request ran into a time limit (`urn:vault:problem:timeout`: a
             *     statement ran longer than `DATABASE_STATEMENT_TIMEOUT_MS`, a lock or a connection
             *     was not had within its limit, or a deadlock persisted after three attempts).
             *     Nothing was changed.
             */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    searchItems: {
        parameters: {
            query: {
                /** @description What to look for. */
                q: components["schemas"]["SearchText"];
                /** @description Only files, or only folders. */
                kind?: components["parameters"]["SearchFilters.kind"];
                /** @description Only files of this type (`image/png`) or type family (`image/*`); leaves folders out. */
                content_type?: components["parameters"]["SearchFilters.content_type"];
                /** @description Only items carrying every one of these tags (by name, exact), comma-separated, at most 10. */
                tags?: components["parameters"]["SearchFilters.tags"];
                /** @description Only items inside this folder's subtree (below it, not the folder itself): one of the caller's folders, else 404. */
                folder?: components["parameters"]["SearchFilters.folder"];
                /** @description Only items changed (`updated_at`) after this instant. */
                modified_after?: components["parameters"]["SearchFilters.modified_after"];
                /** @description Only items changed (`updated_at`) before this instant. */
                modified_before?: components["parameters"]["SearchFilters.modified_before"];
                /**
                 * @description `true`: only what is in the bin (binned items and everything inside a binned folder);
                 *     `false`, the default: only what is outside it.
                 */
                in_bin?: components["parameters"]["SearchFilters.in_bin"];
                /** @description `true`: only items the caller shares (a file share points at them); `false`: only items it does not. */
                shared?: components["parameters"]["SearchFilters.shared"];
                /**
                 * @description Where the page starts: the opaque `cursor` of a `next` link, as given. A cursor
                 *     is signed and belongs to one caller and one list (with its filters): any other
                 *     answers 400 naming `cursor`.
                 */
                cursor?: components["parameters"]["PageQuery.cursor"];
                /** @description How many items a page holds: 1 to 200, 50 when omitted. */
                page_size?: components["parameters"]["PageQuery.page_size"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /**
             * @description One page of a list: the items in list order and the absolute URL of the next page.
             *     Following `next` until it is null visits every item exactly once, even while items
             *     are added or removed meanwhile (a removed item may be missing; none repeats).
             */
            200: {
                headers: {
                    /** @description `private, no-cache`: a list is its owner's; a private cache revalidates. */
                    "Cache-Control": "private, no-cache";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SearchPage"];
                };
            };
            /** @description The request is malformed (bad JSON, bad header) or a field breaks the contract; `errors` names each field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The `api-key` header is missing, unknown or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No resource with this id belongs to the caller (it may not exist, or belong to another user). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body is larger than the configured limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body has a media type this operation does not accept. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The request is well-formed but refers to something unusable (another user's item, an
             *     unknown user id, a folder inside itself); `errors` names the field. On a POST, also:
             *     the `Idempotency-Key` was used for a different request (`urn:vault:problem:idempotency-key-reused`,
             *     naming `/headers/idempotency-key`).
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests for this api key; wait for the `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; it is logged under the request id given in `instance`. No internals are revealed. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The service cannot answer right now; retry after `Retry-After` seconds. Either the
             *     database cannot be reached (`urn:vault:problem:unavailable`; this includes the api
             *     key check: a key is never refused with 401 because the database could not be
             *     asked), or the request ran into a time limit (`urn:vault:problem:timeout`: a
             *     statement ran longer than `DATABASE_STATEMENT_TIMEOUT_MS`, a lock or a connection
             *     was not had within its limit, or a deadlock persisted after three attempts).
             *     Nothing was changed.
             */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listSharedWithMe: {
        parameters: {
            query?: {
                /** @description Only the shares whose item's name or description matches this (see `SearchText`; tags are their owner's and do not count). */
                q?: components["schemas"]["SearchText"];
                /**
                 * @description Where the page starts: the opaque `cursor` of a `next` link, as given. A cursor
                 *     is signed and belongs to one caller and one list (with its filters): any other
                 *     answers 400 naming `cursor`.
                 */
                cursor?: components["parameters"]["PageQuery.cursor"];
                /** @description How many items a page holds: 1 to 200, 50 when omitted. */
                page_size?: components["parameters"]["PageQuery.page_size"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /**
             * @description One page of a list: the items in list order and the absolute URL of the next page.
             *     Following `next` until it is null visits every item exactly once, even while items
             *     are added or removed meanwhile (a removed item may be missing; none repeats).
             */
            200: {
                headers: {
                    /** @description `private, no-cache`: a list is its owner's; a private cache revalidates. */
                    "Cache-Control": "private, no-cache";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SharedWithMePage"];
                };
            };
            /** @description The request is malformed (bad JSON, bad header) or a field breaks the contract; `errors` names each field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The `api-key` header is missing, unknown or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No resource with this id belongs to the caller (it may not exist, or belong to another user). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body is larger than the configured limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body has a media type this operation does not accept. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The request is well-formed but refers to something unusable (another user's item, an
             *     unknown user id, a folder inside itself); `errors` names the field. On a POST, also:
             *     the `Idempotency-Key` was used for a different request (`urn:vault:problem:idempotency-key-reused`,
             *     naming `/headers/idempotency-key`).
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests for this api key; wait for the `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; it is logged under the request id given in `instance`. No internals are revealed. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The service cannot answer right now; retry after `Retry-After` seconds. Either the
             *     database cannot be reached (`urn:vault:problem:unavailable`; this includes the api
             *     key check: a key is never refused with 401 because the database could not be
             *     asked), or the request ran into a time limit (`urn:vault:problem:timeout`: a
             *     statement ran longer than `DATABASE_STATEMENT_TIMEOUT_MS`, a lock or a connection
             *     was not had within its limit, or a deadlock persisted after three attempts).
             *     Nothing was changed.
             */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createUpload: {
        parameters: {
            query?: never;
            header: {
                /** @description `1.0.0`; another version answers 412 with the `Tus-Version` the server speaks. */
                "Tus-Resumable": string;
                /** @description The size of the whole upload in bytes. */
                "Upload-Length": components["schemas"]["ByteCount"];
                "Upload-Metadata"?: components["schemas"]["UploadMetadata"];
                "Upload-Checksum"?: components["schemas"]["UploadChecksum"];
            };
            path?: never;
            cookie?: never;
        };
        /** @description The first bytes of the upload (`creation-with-upload`); none is fine. */
        requestBody?: {
            content: {
                "application/offset+octet-stream": Blob;
            };
        };
        responses: {
            /** @description The request has succeeded and a new resource has been created as a result. */
            201: {
                headers: {
                    /** @description The upload's URL: its HEAD, PATCH and DELETE. */
                    Location: string;
                    /** @description The protocol version of this answer. */
                    "Tus-Resumable": "1.0.0";
                    /** @description How many bytes the server holds, durably; the next PATCH starts there. */
                    "Upload-Offset": number;
                    /** @description When an incomplete upload is deleted with its bytes (24 hours after its creation), as an HTTP date. */
                    "Upload-Expires": string;
                    /**
                     * @description The id of the file the upload made or replaces: on a replace (metadata `file`) from
                     *     the creation on; on a new file once its last byte is in, in the answer that took that
                     *     byte and in every HEAD after it. The file then exists exactly as `POST files/` would
                     *     have made it (hashed, sniffed, deduplicated, in its folder).
                     */
                    "Vault-File-Id"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request is malformed (bad JSON, bad header) or a field breaks the contract; `errors` names each field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The `api-key` header is missing, unknown or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The request is refused, and repeating it will not help: the caller has too many
             *     unfinished uploads (100; `urn:vault:problem:too-many-uploads`: finish or delete one
             *     first), or a download link's token is not one this service signed or has expired
             *     (`urn:vault:problem:download-link-refused`: ask its owner for a new link).
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No resource with this id belongs to the caller (it may not exist, or belong to another user). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `Tus-Resumable` names a version the server does not speak (it speaks `Tus-Version`). */
            412: {
                headers: {
                    /** @description The versions the server speaks. */
                    "Tus-Version": "1.0.0";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body is larger than the configured limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body has a media type this operation does not accept. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The request is well-formed but refers to something unusable (another user's item, an
             *     unknown user id, a folder inside itself); `errors` names the field. On a POST, also:
             *     the `Idempotency-Key` was used for a different request (`urn:vault:problem:idempotency-key-reused`,
             *     naming `/headers/idempotency-key`).
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests for this api key; wait for the `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `Upload-Checksum` does not match the body: the request's bytes were discarded, the offset is unchanged. */
            460: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; it is logged under the request id given in `instance`. No internals are revealed. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The service cannot answer right now; retry after `Retry-After` seconds. Either the
             *     database cannot be reached (`urn:vault:problem:unavailable`; this includes the api
             *     key check: a key is never refused with 401 because the database could not be
             *     asked), or the request ran into a time limit (`urn:vault:problem:timeout`: a
             *     statement ran longer than `DATABASE_STATEMENT_TIMEOUT_MS`, a lock or a connection
             *     was not had within its limit, or a deadlock persisted after three attempts).
             *     Nothing was changed.
             */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The write would take the caller past their quota (`USER_QUOTA_BYTES`;
             *     `urn:vault:problem:quota-exceeded`, naming the file part or `Upload-Length` when an
             *     upload announced the bytes): nothing was stored or changed. Free bytes (delete files,
             *     versions or bin entries) first; `GET /evault/v2/usage/` shows where they are.
             *     Or the file store is full (a full disk or quota): the upload stored nothing and changed
             *     nothing (`urn:vault:problem:insufficient-storage`). Retry once space is freed. A file
             *     store that refuses an upload for another reason (a permission, a read-only volume,
             *     S3 `AccessDenied`) answers 503 `urn:vault:problem:unavailable`; the details are logged,
             *     never sent.
             */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    describeUploads: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description There is no content to send for this request, but the headers may be useful. */
            204: {
                headers: {
                    /** @description The protocol versions the server speaks. */
                    "Tus-Version": "1.0.0";
                    /** @description The extensions it supports. */
                    "Tus-Extension": "creation,creation-with-upload,termination,expiration,checksum";
                    /** @description The largest `Upload-Length` accepted, in bytes (`MAX_UPLOAD_BYTES`). */
                    "Tus-Max-Size": number;
                    /** @description The checksum algorithms of `Upload-Checksum`. */
                    "Tus-Checksum-Algorithm": "sha256";
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The `api-key` header is missing, unknown or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests for this api key; wait for the `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; it is logged under the request id given in `instance`. No internals are revealed. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The service cannot answer right now; retry after `Retry-After` seconds. Either the
             *     database cannot be reached (`urn:vault:problem:unavailable`; this includes the api
             *     key check: a key is never refused with 401 because the database could not be
             *     asked), or the request ran into a time limit (`urn:vault:problem:timeout`: a
             *     statement ran longer than `DATABASE_STATEMENT_TIMEOUT_MS`, a lock or a connection
             *     was not had within its limit, or a deadlock persisted after three attempts).
             *     Nothing was changed.
             */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteUpload: {
        parameters: {
            query?: never;
            header: {
                /** @description `1.0.0`; another version answers 412 with the `Tus-Version` the server speaks. */
                "Tus-Resumable": string;
            };
            path: {
                /** @description The upload's id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description There is no content to send for this request, but the headers may be useful. */
            204: {
                headers: {
                    /** @description The protocol version of this answer. */
                    "Tus-Resumable": "1.0.0";
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request is malformed (bad JSON, bad header) or a field breaks the contract; `errors` names each field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The `api-key` header is missing, unknown or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No resource with this id belongs to the caller (it may not exist, or belong to another user). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `Tus-Resumable` names a version the server does not speak (it speaks `Tus-Version`). */
            412: {
                headers: {
                    /** @description The versions the server speaks. */
                    "Tus-Version": "1.0.0";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The upload (the path's id) is being written by another PATCH: retry once it ends. */
            423: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests for this api key; wait for the `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; it is logged under the request id given in `instance`. No internals are revealed. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The service cannot answer right now; retry after `Retry-After` seconds. Either the
             *     database cannot be reached (`urn:vault:problem:unavailable`; this includes the api
             *     key check: a key is never refused with 401 because the database could not be
             *     asked), or the request ran into a time limit (`urn:vault:problem:timeout`: a
             *     statement ran longer than `DATABASE_STATEMENT_TIMEOUT_MS`, a lock or a connection
             *     was not had within its limit, or a deadlock persisted after three attempts).
             *     Nothing was changed.
             */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    headUpload: {
        parameters: {
            query?: never;
            header: {
                /** @description `1.0.0`; another version answers 412 with the `Tus-Version` the server speaks. */
                "Tus-Resumable": string;
            };
            path: {
                /** @description The upload's id (the last segment of its `Location`). */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    /** @description The protocol version of this answer. */
                    "Tus-Resumable": "1.0.0";
                    /** @description How many bytes the server holds, durably; the next PATCH starts there. */
                    "Upload-Offset": number;
                    /** @description When an incomplete upload is deleted with its bytes (24 hours after its creation), as an HTTP date. */
                    "Upload-Expires": string;
                    /**
                     * @description The id of the file the upload made or replaces: on a replace (metadata `file`) from
                     *     the creation on; on a new file once its last byte is in, in the answer that took that
                     *     byte and in every HEAD after it. The file then exists exactly as `POST files/` would
                     *     have made it (hashed, sniffed, deduplicated, in its folder).
                     */
                    "Vault-File-Id"?: string;
                    /** @description The size of the whole upload. */
                    "Upload-Length": number;
                    /** @description As it was sent at the creation. */
                    "Upload-Metadata"?: string;
                    "Cache-Control": "no-store";
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An error answered to a HEAD request: the status (and `Content-Type`) of the problem a GET would answer, without its body. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An error answered to a HEAD request: the status (and `Content-Type`) of the problem a GET would answer, without its body. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An error answered to a HEAD request: the status (and `Content-Type`) of the problem a GET would answer, without its body. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An error answered to a HEAD request: the status (and `Content-Type`) of the problem a GET would answer, without its body. */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An error answered to a HEAD request: the status (and `Content-Type`) of the problem a GET would answer, without its body. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An error answered to a HEAD request: the status (and `Content-Type`) of the problem a GET would answer, without its body. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description An error answered to a HEAD request: the status (and `Content-Type`) of the problem a GET would answer, without its body. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    appendUpload: {
        parameters: {
            query?: never;
            header: {
                /** @description `1.0.0`; another version answers 412 with the `Tus-Version` the server speaks. */
                "Tus-Resumable": string;
                /** @description Where this body starts: the upload's current offset. */
                "Upload-Offset": components["schemas"]["ByteCount"];
                "Upload-Checksum"?: components["schemas"]["UploadChecksum"];
            };
            path: {
                /** @description The upload's id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/offset+octet-stream": Blob;
            };
        };
        responses: {
            /** @description There is no content to send for this request, but the headers may be useful. */
            204: {
                headers: {
                    /** @description The protocol version of this answer. */
                    "Tus-Resumable": "1.0.0";
                    /** @description How many bytes the server holds, durably; the next PATCH starts there. */
                    "Upload-Offset": number;
                    /** @description When an incomplete upload is deleted with its bytes (24 hours after its creation), as an HTTP date. */
                    "Upload-Expires": string;
                    /**
                     * @description The id of the file the upload made or replaces: on a replace (metadata `file`) from
                     *     the creation on; on a new file once its last byte is in, in the answer that took that
                     *     byte and in every HEAD after it. The file then exists exactly as `POST files/` would
                     *     have made it (hashed, sniffed, deduplicated, in its folder).
                     */
                    "Vault-File-Id"?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request is malformed (bad JSON, bad header) or a field breaks the contract; `errors` names each field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The `api-key` header is missing, unknown or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No resource with this id belongs to the caller (it may not exist, or belong to another user). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The change conflicts with the current state of the resource (`urn:vault:problem:conflict`:
             *     a unique value already in use, leaving a terminal status), or, on a POST, the request's
             *     `Idempotency-Key` is in use by a request still being processed
             *     (`urn:vault:problem:idempotency-key-in-use`: retry after `Retry-After` seconds).
             */
            409: {
                headers: {
                    /** @description With `idempotency-key-in-use`: seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `Tus-Resumable` names a version the server does not speak (it speaks `Tus-Version`). */
            412: {
                headers: {
                    /** @description The versions the server speaks. */
                    "Tus-Version": "1.0.0";
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body is larger than the configured limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body has a media type this operation does not accept. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The request is well-formed but refers to something unusable (another user's item, an
             *     unknown user id, a folder inside itself); `errors` names the field. On a POST, also:
             *     the `Idempotency-Key` was used for a different request (`urn:vault:problem:idempotency-key-reused`,
             *     naming `/headers/idempotency-key`).
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The upload (the path's id) is being written by another PATCH: retry once it ends. */
            423: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests for this api key; wait for the `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description `Upload-Checksum` does not match the body: the request's bytes were discarded, the offset is unchanged. */
            460: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; it is logged under the request id given in `instance`. No internals are revealed. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The service cannot answer right now; retry after `Retry-After` seconds. Either the
             *     database cannot be reached (`urn:vault:problem:unavailable`; this includes the api
             *     key check: a key is never refused with 401 because the database could not be
             *     asked), or the request ran into a time limit (`urn:vault:problem:timeout`: a
             *     statement ran longer than `DATABASE_STATEMENT_TIMEOUT_MS`, a lock or a connection
             *     was not had within its limit, or a deadlock persisted after three attempts).
             *     Nothing was changed.
             */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The write would take the caller past their quota (`USER_QUOTA_BYTES`;
             *     `urn:vault:problem:quota-exceeded`, naming the file part or `Upload-Length` when an
             *     upload announced the bytes): nothing was stored or changed. Free bytes (delete files,
             *     versions or bin entries) first; `GET /evault/v2/usage/` shows where they are.
             *     Or the file store is full (a full disk or quota): the upload stored nothing and changed
             *     nothing (`urn:vault:problem:insufficient-storage`). Retry once space is freed. A file
             *     store that refuses an upload for another reason (a permission, a read-only volume,
             *     S3 `AccessDenied`) answers 503 `urn:vault:problem:unavailable`; the details are logged,
             *     never sent.
             */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getUsage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    /** @description `private, no-cache`: the caller's own figures. */
                    "Cache-Control": "private, no-cache";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Usage"];
                };
            };
            /** @description The request is malformed (bad JSON, bad header) or a field breaks the contract; `errors` names each field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The `api-key` header is missing, unknown or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No resource with this id belongs to the caller (it may not exist, or belong to another user). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body is larger than the configured limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body has a media type this operation does not accept. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The request is well-formed but refers to something unusable (another user's item, an
             *     unknown user id, a folder inside itself); `errors` names the field. On a POST, also:
             *     the `Idempotency-Key` was used for a different request (`urn:vault:problem:idempotency-key-reused`,
             *     naming `/headers/idempotency-key`).
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests for this api key; wait for the `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; it is logged under the request id given in `instance`. No internals are revealed. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The service cannot answer right now; retry after `Retry-After` seconds. Either the
             *     database cannot be reached (`urn:vault:problem:unavailable`; this includes the api
             *     key check: a key is never refused with 401 because the database could not be
             *     asked), or the request ran into a time limit (`urn:vault:problem:timeout`: a
             *     statement ran longer than `DATABASE_STATEMENT_TIMEOUT_MS`, a lock or a connection
             *     was not had within its limit, or a deadlock persisted after three attempts).
             *     Nothing was changed.
             */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listWebhookEndpoints: {
        parameters: {
            query?: {
                /**
                 * @description Where the page starts: the opaque `cursor` of a `next` link, as given. A cursor
                 *     is signed and belongs to one caller and one list (with its filters): any other
                 *     answers 400 naming `cursor`.
                 */
                cursor?: components["parameters"]["PageQuery.cursor"];
                /** @description How many items a page holds: 1 to 200, 50 when omitted. */
                page_size?: components["parameters"]["PageQuery.page_size"];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /**
             * @description One page of a list: the items in list order and the absolute URL of the next page.
             *     Following `next` until it is null visits every item exactly once, even while items
             *     are added or removed meanwhile (a removed item may be missing; none repeats).
             */
            200: {
                headers: {
                    /** @description `private, no-cache`: a list is its owner's; a private cache revalidates. */
                    "Cache-Control": "private, no-cache";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointPage"];
                };
            };
            /** @description The request is malformed (bad JSON, bad header) or a field breaks the contract; `errors` names each field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The `api-key` header is missing, unknown or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No resource with this id belongs to the caller (it may not exist, or belong to another user). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body is larger than the configured limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body has a media type this operation does not accept. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The request is well-formed but refers to something unusable (another user's item, an
             *     unknown user id, a folder inside itself); `errors` names the field. On a POST, also:
             *     the `Idempotency-Key` was used for a different request (`urn:vault:problem:idempotency-key-reused`,
             *     naming `/headers/idempotency-key`).
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests for this api key; wait for the `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; it is logged under the request id given in `instance`. No internals are revealed. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The service cannot answer right now; retry after `Retry-After` seconds. Either the
             *     database cannot be reached (`urn:vault:problem:unavailable`; this includes the api
             *     key check: a key is never refused with 401 because the database could not be
             *     asked), or the request ran into a time limit (`urn:vault:problem:timeout`: a
             *     statement ran longer than `DATABASE_STATEMENT_TIMEOUT_MS`, a lock or a connection
             *     was not had within its limit, or a deadlock persisted after three attempts).
             *     Nothing was changed.
             */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description A key of your choice (1 to 255 characters, e.g. a UUID) that makes retrying this
                 *     POST safe. The first answer to a key (its status, body, and `ETag`, `Location`
                 *     and `Content-Type`) is kept for 24 hours per user: a retry with the same key and
                 *     the same request gets that answer again, with `Idempotent-Replayed: true`, and the
                 *     work is not done again. The same key with a different request (another path or
                 *     body) answers 422; while the first request with the key is still being processed,
                 *     409. Answers of 500 and above are not kept: the key is free again at once, so a
                 *     failed request may be retried with it. A request refused before its key is read
                 *     (a wrong api key, a rate limit, a body that breaks the contract: 400, 401, 413,
                 *     415, 429) is not kept either. Keys are the caller's own: another user's same key
                 *     is unrelated. After 24 hours a key may be used again for a new request.
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEndpointCreate"];
            };
        };
        responses: {
            /** @description An endpoint's creation or rotation: the endpoint with its secret. */
            201: {
                headers: {
                    /** @description `true` when this is the kept answer to an earlier request with the same `Idempotency-Key`, replayed; absent otherwise. Kept problems (4xx) are replayed with it too. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointWithSecret"];
                };
            };
            /** @description The request is malformed (bad JSON, bad header) or a field breaks the contract; `errors` names each field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The `api-key` header is missing, unknown or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No resource with this id belongs to the caller (it may not exist, or belong to another user). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The change conflicts with the current state of the resource (`urn:vault:problem:conflict`:
             *     a unique value already in use, leaving a terminal status), or, on a POST, the request's
             *     `Idempotency-Key` is in use by a request still being processed
             *     (`urn:vault:problem:idempotency-key-in-use`: retry after `Retry-After` seconds).
             */
            409: {
                headers: {
                    /** @description With `idempotency-key-in-use`: seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body is larger than the configured limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body has a media type this operation does not accept. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The request is well-formed but refers to something unusable (another user's item, an
             *     unknown user id, a folder inside itself); `errors` names the field. On a POST, also:
             *     the `Idempotency-Key` was used for a different request (`urn:vault:problem:idempotency-key-reused`,
             *     naming `/headers/idempotency-key`).
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests for this api key; wait for the `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; it is logged under the request id given in `instance`. No internals are revealed. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The service cannot answer right now; retry after `Retry-After` seconds. Either the
             *     database cannot be reached (`urn:vault:problem:unavailable`; this includes the api
             *     key check: a key is never refused with 401 because the database could not be
             *     asked), or the request ran into a time limit (`urn:vault:problem:timeout`: a
             *     statement ran longer than `DATABASE_STATEMENT_TIMEOUT_MS`, a lock or a connection
             *     was not had within its limit, or a deadlock persisted after three attempts).
             *     Nothing was changed.
             */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The endpoint's id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            /** @description The request is malformed (bad JSON, bad header) or a field breaks the contract; `errors` names each field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The `api-key` header is missing, unknown or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No resource with this id belongs to the caller (it may not exist, or belong to another user). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body is larger than the configured limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body has a media type this operation does not accept. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The request is well-formed but refers to something unusable (another user's item, an
             *     unknown user id, a folder inside itself); `errors` names the field. On a POST, also:
             *     the `Idempotency-Key` was used for a different request (`urn:vault:problem:idempotency-key-reused`,
             *     naming `/headers/idempotency-key`).
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests for this api key; wait for the `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; it is logged under the request id given in `instance`. No internals are revealed. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The service cannot answer right now; retry after `Retry-After` seconds. Either the
             *     database cannot be reached (`urn:vault:problem:unavailable`; this includes the api
             *     key check: a key is never refused with 401 because the database could not be
             *     asked), or the request ran into a time limit (`urn:vault:problem:timeout`: a
             *     statement ran longer than `DATABASE_STATEMENT_TIMEOUT_MS`, a lock or a connection
             *     was not had within its limit, or a deadlock persisted after three attempts).
             *     Nothing was changed.
             */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The endpoint's id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done; nothing to answer. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The request is malformed (bad JSON, bad header) or a field breaks the contract; `errors` names each field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The `api-key` header is missing, unknown or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No resource with this id belongs to the caller (it may not exist, or belong to another user). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body is larger than the configured limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body has a media type this operation does not accept. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The request is well-formed but refers to something unusable (another user's item, an
             *     unknown user id, a folder inside itself); `errors` names the field. On a POST, also:
             *     the `Idempotency-Key` was used for a different request (`urn:vault:problem:idempotency-key-reused`,
             *     naming `/headers/idempotency-key`).
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests for this api key; wait for the `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; it is logged under the request id given in `instance`. No internals are revealed. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The service cannot answer right now; retry after `Retry-After` seconds. Either the
             *     database cannot be reached (`urn:vault:problem:unavailable`; this includes the api
             *     key check: a key is never refused with 401 because the database could not be
             *     asked), or the request ran into a time limit (`urn:vault:problem:timeout`: a
             *     statement ran longer than `DATABASE_STATEMENT_TIMEOUT_MS`, a lock or a connection
             *     was not had within its limit, or a deadlock persisted after three attempts).
             *     Nothing was changed.
             */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The endpoint's id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEndpointUpdate"];
            };
        };
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpoint"];
                };
            };
            /** @description The request is malformed (bad JSON, bad header) or a field breaks the contract; `errors` names each field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The `api-key` header is missing, unknown or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No resource with this id belongs to the caller (it may not exist, or belong to another user). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body is larger than the configured limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body has a media type this operation does not accept. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The request is well-formed but refers to something unusable (another user's item, an
             *     unknown user id, a folder inside itself); `errors` names the field. On a POST, also:
             *     the `Idempotency-Key` was used for a different request (`urn:vault:problem:idempotency-key-reused`,
             *     naming `/headers/idempotency-key`).
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests for this api key; wait for the `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; it is logged under the request id given in `instance`. No internals are revealed. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The service cannot answer right now; retry after `Retry-After` seconds. Either the
             *     database cannot be reached (`urn:vault:problem:unavailable`; this includes the api
             *     key check: a key is never refused with 401 because the database could not be
             *     asked), or the request ran into a time limit (`urn:vault:problem:timeout`: a
             *     statement ran longer than `DATABASE_STATEMENT_TIMEOUT_MS`, a lock or a connection
             *     was not had within its limit, or a deadlock persisted after three attempts).
             *     Nothing was changed.
             */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: {
                /**
                 * @description Where the page starts: the opaque `cursor` of a `next` link, as given. A cursor
                 *     is signed and belongs to one caller and one list (with its filters): any other
                 *     answers 400 naming `cursor`.
                 */
                cursor?: components["parameters"]["PageQuery.cursor"];
                /** @description How many items a page holds: 1 to 200, 50 when omitted. */
                page_size?: components["parameters"]["PageQuery.page_size"];
            };
            header?: never;
            path: {
                /** @description The endpoint's id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /**
             * @description One page of a list: the items in list order and the absolute URL of the next page.
             *     Following `next` until it is null visits every item exactly once, even while items
             *     are added or removed meanwhile (a removed item may be missing; none repeats).
             */
            200: {
                headers: {
                    /** @description `private, no-cache`: a list is its owner's; a private cache revalidates. */
                    "Cache-Control": "private, no-cache";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryPage"];
                };
            };
            /** @description The request is malformed (bad JSON, bad header) or a field breaks the contract; `errors` names each field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The `api-key` header is missing, unknown or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No resource with this id belongs to the caller (it may not exist, or belong to another user). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body is larger than the configured limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body has a media type this operation does not accept. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The request is well-formed but refers to something unusable (another user's item, an
             *     unknown user id, a folder inside itself); `errors` names the field. On a POST, also:
             *     the `Idempotency-Key` was used for a different request (`urn:vault:problem:idempotency-key-reused`,
             *     naming `/headers/idempotency-key`).
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests for this api key; wait for the `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; it is logged under the request id given in `instance`. No internals are revealed. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The service cannot answer right now; retry after `Retry-After` seconds. Either the
             *     database cannot be reached (`urn:vault:problem:unavailable`; this includes the api
             *     key check: a key is never refused with 401 because the database could not be
             *     asked), or the request ran into a time limit (`urn:vault:problem:timeout`: a
             *     statement ran longer than `DATABASE_STATEMENT_TIMEOUT_MS`, a lock or a connection
             *     was not had within its limit, or a deadlock persisted after three attempts).
             *     Nothing was changed.
             */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getWebhookDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The endpoint's id. */
                id: string;
                /** @description The delivery's id. */
                delivery_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The request has succeeded. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDelivery"];
                };
            };
            /** @description The request is malformed (bad JSON, bad header) or a field breaks the contract; `errors` names each field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The `api-key` header is missing, unknown or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No resource with this id belongs to the caller (it may not exist, or belong to another user). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body is larger than the configured limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body has a media type this operation does not accept. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The request is well-formed but refers to something unusable (another user's item, an
             *     unknown user id, a folder inside itself); `errors` names the field. On a POST, also:
             *     the `Idempotency-Key` was used for a different request (`urn:vault:problem:idempotency-key-reused`,
             *     naming `/headers/idempotency-key`).
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests for this api key; wait for the `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; it is logged under the request id given in `instance`. No internals are revealed. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The service cannot answer right now; retry after `Retry-After` seconds. Either the
             *     database cannot be reached (`urn:vault:problem:unavailable`; this includes the api
             *     key check: a key is never refused with 401 because the database could not be
             *     asked), or the request ran into a time limit (`urn:vault:problem:timeout`: a
             *     statement ran longer than `DATABASE_STATEMENT_TIMEOUT_MS`, a lock or a connection
             *     was not had within its limit, or a deadlock persisted after three attempts).
             *     Nothing was changed.
             */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    retryWebhookDelivery: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description A key of your choice (1 to 255 characters, e.g. a UUID) that makes retrying this
                 *     POST safe. The first answer to a key (its status, body, and `ETag`, `Location`
                 *     and `Content-Type`) is kept for 24 hours per user: a retry with the same key and
                 *     the same request gets that answer again, with `Idempotent-Replayed: true`, and the
                 *     work is not done again. The same key with a different request (another path or
                 *     body) answers 422; while the first request with the key is still being processed,
                 *     409. Answers of 500 and above are not kept: the key is free again at once, so a
                 *     failed request may be retried with it. A request refused before its key is read
                 *     (a wrong api key, a rate limit, a body that breaks the contract: 400, 401, 413,
                 *     415, 429) is not kept either. Keys are the caller's own: another user's same key
                 *     is unrelated. After 24 hours a key may be used again for a new request.
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The endpoint's id. */
                id: string;
                /** @description The delivery's id. */
                delivery_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A delivery that will be tried now. */
            202: {
                headers: {
                    /** @description `true` when this is the kept answer to an earlier request with the same `Idempotency-Key`, replayed; absent otherwise. Kept problems (4xx) are replayed with it too. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDelivery"];
                };
            };
            /** @description The request is malformed (bad JSON, bad header) or a field breaks the contract; `errors` names each field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The `api-key` header is missing, unknown or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No resource with this id belongs to the caller (it may not exist, or belong to another user). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The change conflicts with the current state of the resource (`urn:vault:problem:conflict`:
             *     a unique value already in use, leaving a terminal status), or, on a POST, the request's
             *     `Idempotency-Key` is in use by a request still being processed
             *     (`urn:vault:problem:idempotency-key-in-use`: retry after `Retry-After` seconds).
             */
            409: {
                headers: {
                    /** @description With `idempotency-key-in-use`: seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body is larger than the configured limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body has a media type this operation does not accept. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The request is well-formed but refers to something unusable (another user's item, an
             *     unknown user id, a folder inside itself); `errors` names the field. On a POST, also:
             *     the `Idempotency-Key` was used for a different request (`urn:vault:problem:idempotency-key-reused`,
             *     naming `/headers/idempotency-key`).
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests for this api key; wait for the `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; it is logged under the request id given in `instance`. No internals are revealed. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The service cannot answer right now; retry after `Retry-After` seconds. Either the
             *     database cannot be reached (`urn:vault:problem:unavailable`; this includes the api
             *     key check: a key is never refused with 401 because the database could not be
             *     asked), or the request ran into a time limit (`urn:vault:problem:timeout`: a
             *     statement ran longer than `DATABASE_STATEMENT_TIMEOUT_MS`, a lock or a connection
             *     was not had within its limit, or a deadlock persisted after three attempts).
             *     Nothing was changed.
             */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    rotateWebhookEndpointSecret: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description A key of your choice (1 to 255 characters, e.g. a UUID) that makes retrying this
                 *     POST safe. The first answer to a key (its status, body, and `ETag`, `Location`
                 *     and `Content-Type`) is kept for 24 hours per user: a retry with the same key and
                 *     the same request gets that answer again, with `Idempotent-Replayed: true`, and the
                 *     work is not done again. The same key with a different request (another path or
                 *     body) answers 422; while the first request with the key is still being processed,
                 *     409. Answers of 500 and above are not kept: the key is free again at once, so a
                 *     failed request may be retried with it. A request refused before its key is read
                 *     (a wrong api key, a rate limit, a body that breaks the contract: 400, 401, 413,
                 *     415, 429) is not kept either. Keys are the caller's own: another user's same key
                 *     is unrelated. After 24 hours a key may be used again for a new request.
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The endpoint's id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description An endpoint's creation or rotation: the endpoint with its secret. */
            200: {
                headers: {
                    /** @description `true` when this is the kept answer to an earlier request with the same `Idempotency-Key`, replayed; absent otherwise. Kept problems (4xx) are replayed with it too. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookEndpointWithSecret"];
                };
            };
            /** @description The request is malformed (bad JSON, bad header) or a field breaks the contract; `errors` names each field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The `api-key` header is missing, unknown or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No resource with this id belongs to the caller (it may not exist, or belong to another user). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The change conflicts with the current state of the resource (`urn:vault:problem:conflict`:
             *     a unique value already in use, leaving a terminal status), or, on a POST, the request's
             *     `Idempotency-Key` is in use by a request still being processed
             *     (`urn:vault:problem:idempotency-key-in-use`: retry after `Retry-After` seconds).
             */
            409: {
                headers: {
                    /** @description With `idempotency-key-in-use`: seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body is larger than the configured limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body has a media type this operation does not accept. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The request is well-formed but refers to something unusable (another user's item, an
             *     unknown user id, a folder inside itself); `errors` names the field. On a POST, also:
             *     the `Idempotency-Key` was used for a different request (`urn:vault:problem:idempotency-key-reused`,
             *     naming `/headers/idempotency-key`).
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests for this api key; wait for the `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; it is logged under the request id given in `instance`. No internals are revealed. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The service cannot answer right now; retry after `Retry-After` seconds. Either the
             *     database cannot be reached (`urn:vault:problem:unavailable`; this includes the api
             *     key check: a key is never refused with 401 because the database could not be
             *     asked), or the request ran into a time limit (`urn:vault:problem:timeout`: a
             *     statement ran longer than `DATABASE_STATEMENT_TIMEOUT_MS`, a lock or a connection
             *     was not had within its limit, or a deadlock persisted after three attempts).
             *     Nothing was changed.
             */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    testWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /**
                 * @description A key of your choice (1 to 255 characters, e.g. a UUID) that makes retrying this
                 *     POST safe. The first answer to a key (its status, body, and `ETag`, `Location`
                 *     and `Content-Type`) is kept for 24 hours per user: a retry with the same key and
                 *     the same request gets that answer again, with `Idempotent-Replayed: true`, and the
                 *     work is not done again. The same key with a different request (another path or
                 *     body) answers 422; while the first request with the key is still being processed,
                 *     409. Answers of 500 and above are not kept: the key is free again at once, so a
                 *     failed request may be retried with it. A request refused before its key is read
                 *     (a wrong api key, a rate limit, a body that breaks the contract: 400, 401, 413,
                 *     415, 429) is not kept either. Keys are the caller's own: another user's same key
                 *     is unrelated. After 24 hours a key may be used again for a new request.
                 */
                "Idempotency-Key"?: components["parameters"]["IdempotencyKey"];
            };
            path: {
                /** @description The endpoint's id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A delivery that will be tried now. */
            202: {
                headers: {
                    /** @description `true` when this is the kept answer to an earlier request with the same `Idempotency-Key`, replayed; absent otherwise. Kept problems (4xx) are replayed with it too. */
                    "Idempotent-Replayed"?: "true";
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDelivery"];
                };
            };
            /** @description The request is malformed (bad JSON, bad header) or a field breaks the contract; `errors` names each field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The `api-key` header is missing, unknown or revoked. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description No resource with this id belongs to the caller (it may not exist, or belong to another user). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The change conflicts with the current state of the resource (`urn:vault:problem:conflict`:
             *     a unique value already in use, leaving a terminal status), or, on a POST, the request's
             *     `Idempotency-Key` is in use by a request still being processed
             *     (`urn:vault:problem:idempotency-key-in-use`: retry after `Retry-After` seconds).
             */
            409: {
                headers: {
                    /** @description With `idempotency-key-in-use`: seconds to wait before retrying. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body is larger than the configured limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description The request body has a media type this operation does not accept. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The request is well-formed but refers to something unusable (another user's item, an
             *     unknown user id, a folder inside itself); `errors` names the field. On a POST, also:
             *     the `Idempotency-Key` was used for a different request (`urn:vault:problem:idempotency-key-reused`,
             *     naming `/headers/idempotency-key`).
             */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Too many requests for this api key; wait for the `Retry-After` seconds. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description An unexpected failure; it is logged under the request id given in `instance`. No internals are revealed. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /**
             * @description The service cannot answer right now; retry after `Retry-After` seconds. Either the
             *     database cannot be reached (`urn:vault:problem:unavailable`; this includes the api
             *     key check: a key is never refused with 401 because the database could not be
             *     asked), or the request ran into a time limit (`urn:vault:problem:timeout`: a
             *     statement ran longer than `DATABASE_STATEMENT_TIMEOUT_MS`, a lock or a connection
             *     was not had within its limit, or a deadlock persisted after three attempts).
             *     Nothing was changed.
             */
            503: {
                headers: {
                    /** @description Seconds to wait before retrying. */
                    "Retry-After": number;
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
}

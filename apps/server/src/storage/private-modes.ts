// DATA_DIR holds the database files, every file's bytes and the command socket: only
// the account that runs the server may read it, whatever the umask (docs/decisions/store-commands.md).

/** Every directory the server creates under DATA_DIR (DATA_DIR itself included). */
export const PRIVATE_DIRECTORY = 0o700;
/** Every file it writes there: blob files, temp uploads, markers. */
export const PRIVATE_FILE = 0o600;

/* as_write.h - reading a source file and replacing it atomically.
 *
 * The rewriter reads a file, computes its edits against that text, and
 * writes the result back only if the file still holds the same text: the
 * scan recorded as_text_hash of what it analysed, as_write_atomic recomputes
 * it just before replacing the file. The replacement is a temporary in the
 * same directory, renamed over the original, so a reader sees the old file
 * or the new one, never a mix, and a crash leaves at most a stray
 * temporary named ".NAME.asrw-XXXXXX" (never on an ordinary failure).
 */
#ifndef AS_WRITE_H
#define AS_WRITE_H

#include <stddef.h>

#include "as_error.h"
#include "as_hash.h"

/* Reads the whole file into *buf: malloc'd, NUL-terminated (not counted in
 * *len), owned by the caller, who frees it. On failure *buf is NULL and err
 * names the path and the reason. */
int as_read_file(const char *path, char **buf, size_t *len, struct as_error *err);

/* Replaces the file at path with data[0, len), if and only if its current
 * content hashes (as_text_hash) to expect_hash. If it already holds exactly
 * data, nothing is written (inode and times kept) and the call succeeds,
 * read-only or not. Errors, with the file left
 * as it was:
 *   - "PATH: changed since it was scanned" on a hash mismatch;
 *   - "PATH: read-only" when the file has no write permission for its
 *     owner or the caller may not write it, and "DIR: directory not
 *     writable" when the directory cannot take the temporary (root passes
 *     the access checks, but not the owner-write bit test);
 *   - "PATH: not a regular file", or "PATH: has N hard links" (renaming
 *     would split them);
 *   - any failure to read, create, write, sync or rename, with strerror.
 * A symbolic link is followed: the file it names is replaced, the link kept.
 * The new file keeps the original's permission bits (including set-id and
 * sticky bits), owner and group; if the owner or group cannot be kept
 * (not root and not the owner) it is an error. On success the temporary
 * was fsync'ed before the rename and the directory after it. Never leaves
 * the temporary behind on failure. */
int as_write_atomic(const char *path, const char *data, size_t len, unsigned long long expect_hash,
		    struct as_error *err);

#endif

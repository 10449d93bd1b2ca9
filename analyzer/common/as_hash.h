/* as_hash.h - the content hash a finding records of the text its edits are
 * against, and the rewriter checks before it writes: a file changed since
 * the scan is refused. */
#ifndef AS_HASH_H
#define AS_HASH_H

#include <stddef.h>

/* 64-bit FNV-1a (offset basis 14695981039346656037, prime 1099511628211)
 * of buf[0, len). Not cryptographic: it detects a file changed by
 * accident, not by an attacker. buf may be NULL when len is 0. */
unsigned long long as_text_hash(const char *buf, size_t len);

#endif

/* as_error.h - caller-owned error reports.
 * A function that can fail returns -1 and fills the struct as_error its caller
 * passed; the CLI turns it into one line and an exit status. */
#ifndef AS_ERROR_H
#define AS_ERROR_H

struct as_error {
	char msg[1024];
};

/* Formats the message into err (a NULL err is allowed); always returns -1 so
 * callers can write `return as_error_set(err, ...);`. */
int as_error_set(struct as_error *err, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

/* path as a message shows it: one longer than AS_ERROR_PATH_SHOWN bytes
 * keeps its start and end with "..." between (its end names the file, and
 * the text after it in the message stays whole); buf holds at least
 * AS_ERROR_PATH_SHOWN + 4 bytes. */
#define AS_ERROR_PATH_SHOWN 320
const char *as_error_path(const char *path, char *buf);

#endif

/* as_install.h - where allocscan's own files are: its rule packs, the
 * runtime's headers a rewrite names, and docs/rules.md that SARIF links to.
 * An installed binary finds them beside it (PREFIX/bin/allocscan ->
 * PREFIX/share/allocscan/rules, ...), so that a prefix moved as a whole, or
 * unpacked elsewhere, works with no source or build tree left; a binary run
 * in its build tree uses the source tree's. */
#ifndef AS_INSTALL_H
#define AS_INSTALL_H

/* Each returns a path (or URL) that lives as long as the process. */
/* $ALLOCSCAN_RULES_DIR, else the packs beside the binary, the source
 * tree's rules/, or the configure-time prefix's, the first that exists. */
const char *as_install_rules_dir(void);
/* The folder holding <asrt/asrt.h>, found the same way. */
const char *as_install_asrt_include(void);
/* The URL of docs/rules.md: the one the build was configured with (CMake's
 * ALLOCSCAN_DOCS_URL), else a file:// URL of the copy found the same way. */
const char *as_install_docs_url(void);

#endif

#!/bin/sh
# check_tls.sh READELF LIB...: each shared library's static TLS (its PT_TLS
# segment) stays under 4 KiB. Preloaded or linked, that block is carved from
# every thread's stack: 24 KB of it made Ruby's readline test fail in a
# thread ("stack level too deep") under LD_PRELOAD.
readelf=$1
shift
status=0
for lib in "$@"; do
	size=$("$readelf" -lW "$lib" | awk '$1 == "TLS" { print $6 }')
	bytes=$(printf '%d' "${size:-0}")
	if [ "$bytes" -gt 4096 ]; then
		echo "FAIL: $lib has $bytes bytes of static TLS (at most 4096)"
		status=1
	else
		echo "ok: $lib has $bytes bytes of static TLS"
	fi
done
exit $status

#!/bin/sh
# The --ideal floor of a workload does the same work as the workload: the
# same checksum (duparray) or the same live bytes (realloc-churn), with no
# reallocation at all. Usage: ideal.sh PROGRAM FIELD ARGS...
set -eu
prog=$1 field=$2
shift 2
plain=$("$prog" "$@" | sed -n "s/^RESULT .*\($field=[0-9-]*\).*/\1/p")
ideal=$("$prog" "$@" --ideal=1 | grep '^RESULT')
case $ideal in
*"reallocs="*) case $ideal in *"reallocs=0 moves=0"*) ;; *) echo "ideal reallocated: $ideal"; exit 1 ;; esac ;;
esac
test -n "$plain" || { echo "no $field in the plain run"; exit 1; }
case $ideal in
*" $plain "* | *" $plain") echo "same $plain" ;;
*) echo "plain $plain, ideal: $ideal"; exit 1 ;;
esac

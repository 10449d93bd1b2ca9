# Loaded with -r by rubyrun.py before a script run under a time cap: the
# cap's SIGINT becomes a normal exit (status 130), so that the process runs
# its C exit handlers, where the probes write their profile. Left to
# itself, Ruby re-raises the signal after its cleanup and dies of it, and
# no exit handler runs.
trap("INT") { exit 130 }

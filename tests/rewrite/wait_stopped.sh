# Sourced by the rewrite fault tests that pause allocscan with
# ALLOCSCAN_TEST_PAUSE. wait_stopped PID: waits until process PID is
# stopped (state T); fails if it exits first.
wait_stopped() {
	local s
	for _ in $(seq 3000); do
		s=$(awk '{print $3}' "/proc/$1/stat" 2>/dev/null) || return 1
		[ "$s" = T ] && return 0
		sleep 0.01
	done
	return 1
}

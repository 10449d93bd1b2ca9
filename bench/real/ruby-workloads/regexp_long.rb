# Regexp compilation of long literal patterns: Onigmo's parser builds the
# pattern's string node one character at a time (regparse.c's
# onig_node_str_cat), and strcat_capa regrows it to the length plus a
# margin that the next character already exceeds: one realloc per
# character, stock.
require_relative "../../ruby/bench_common"

params = BenchCommon.parse_flags(ARGV, { rounds: 500, length: 100_000 },
                                 "regexp_long: compile a long literal regexp again and again")
start = BenchCommon.clock
rng = Random.new(7)
long = Array.new(params[:length]) { (97 + rng.rand(26)).chr }.join
matched = 0
params[:rounds].times { matched += 1 if Regexp.new(long).match?(long) }
BenchCommon.report("regexp_long", start, 0, "rounds" => params[:rounds], "length" => params[:length],
                   "matched" => matched)

# ObjectSpace::WeakMap with many keys for one value (gc.c's
# wmap_aset_update regrows the value's list of keys by one slot per key:
# SIZED_REALLOC_N, quadratic copying over the inserts), in rounds of fresh
# maps so that each round regrows from the start.
require_relative "../../ruby/bench_common"

params = BenchCommon.parse_flags(ARGV, { rounds: 4, keys: 30_000 },
                                 "weakmap: many WeakMap keys mapping to one value")
start = BenchCommon.clock
kept = []
params[:rounds].times do
  map = ObjectSpace::WeakMap.new
  value = Object.new
  keys = Array.new(params[:keys]) { Object.new }
  keys.each { |k| map[k] = value }
  kept << [map, value, keys]
  kept.shift if kept.size > 2
end
BenchCommon.report("weakmap", start, 0, "rounds" => params[:rounds], "keys" => params[:keys])

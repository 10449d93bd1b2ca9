# ObjectSpace::WeakMap with many keys for each value (gc.c's
# wmap_aset_update regrows a value's list of keys by one slot per key:
# SIZED_REALLOC_N, quadratic copying over the inserts), in rounds of fresh
# maps so that each round regrows from the start. With --values above 1 the
# keys go to the values in turn, so that the values' lists grow
# interleaved, each between the others, where realloc cannot grow in place.
require_relative "../../ruby/bench_common"

params = BenchCommon.parse_flags(ARGV, { rounds: 4, keys: 30_000, values: 1 },
                                 "weakmap: many WeakMap keys mapping to a few values")
start = BenchCommon.clock
kept = []
params[:rounds].times do
  map = ObjectSpace::WeakMap.new
  values = Array.new(params[:values]) { Object.new }
  keys = Array.new(params[:keys]) { Object.new }
  keys.each_with_index { |k, i| map[k] = values[i % values.size] }
  kept << [map, values, keys]
  kept.shift if kept.size > 2
end
BenchCommon.report("weakmap", start, 0, "rounds" => params[:rounds], "keys" => params[:keys],
                   "values" => params[:values])

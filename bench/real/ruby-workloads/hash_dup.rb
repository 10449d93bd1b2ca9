# Hash#dup, Hash#merge and Hash[] of small and large hashes (st.c rb_st_copy
# copies the entries and bins of a table).
require_relative "../../ruby/bench_common"

params = BenchCommon.parse_flags(ARGV, { copies: 1_000_000, big: 2_000 },
                                 "hash_dup: copies of small and large hashes")
small = { a: 1, b: 2, c: 3, d: 4, e: 5, f: 6, g: 7, h: 8, i: 9 }
big = (1..params[:big]).to_h { |i| ["key#{i}", i] }
total = 0
params[:copies].times do |i|
  total += small.dup.size
  total += small.merge(z: i).size
  total += big.dup.size if i % 50 == 0
end
puts "hash_dup: #{total}"

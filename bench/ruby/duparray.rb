# duparray (seed 003): array literals evaluated over and over. Shape call: the
# literal made, read and dropped per call; shape keep: `copies` copies kept in
# a list, read `passes` times, `write_pct`% of them written once. Live bytes
# count 8 bytes per element of the copies kept.
require_relative "bench_common"

params = BenchCommon.parse_flags(
  ARGV,
  { calls: 2_000_000, copies: 100_000, passes: 20, write_pct: 1 },
  "duparray: copies of a 4- and a 110-element constant array (seed 003)"
)

def small
  [1, 2, 3, 4]
end

def large
  [
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9,
  ]
end

start = BenchCommon.clock
checksum = 0
params[:calls].times do |k|
  checksum += small[k % 4] + large[k % 110]
end

small_list = []
large_list = []
params[:copies].times do
  small_list << small
  large_list << large
end
written = 0
if params[:write_pct] > 0
  (0...params[:copies]).step(100 / params[:write_pct]) do |i|
    small_list[i][i % 4] = i
    large_list[i][i % 110] = -i
    written += 1
  end
end
params[:passes].times do
  small_list.each { |a| checksum += a.sum }
  large_list.each { |a| checksum += a.sum }
end
GC.start
live = params[:copies] * (4 + 110) * 8
puts "Copies kept: #{params[:copies]} of each table, #{written} written"
extra = { copies_written: written, checksum: checksum }
# With -robjspace (bench/real/seed-duparray): the bytes Ruby counts for arrays.
extra[:array_memsize] = ObjectSpace.memsize_of_all(Array) if ObjectSpace.respond_to?(:memsize_of_all)
BenchCommon.report("ruby-duparray", start, live, extra)

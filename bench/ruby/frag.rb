# frag (seed 000): threads each run requests that append random 97..40,087
# byte strings and then delete about 90% of them at random; what is kept
# stays live until the end, among the holes. The seed runs 100 requests per
# thread; 50 keep the default run under a minute on two cores.
require_relative "bench_common"

params = BenchCommon.parse_flags(
  ARGV,
  { threads: 10, requests: 50, strings: 1000, delete_pct: 90,
    min_size: 97, size_steps: 4000, step: 10, seed: 1234 },
  "frag: threads keep ~10% of random 97..40,087-byte strings (seed 000)"
)
Thread.abort_on_exception = true
start = BenchCommon.clock
kept = []

# One generator per thread (seed + i): the seed's shared `rand` would make the
# strings depend on how the threads happen to interleave.
frag = lambda do |rng|
  saver = []
  params[:requests].times do |idx|
    params[:strings].times do
      saver << "a" * (rng.rand(params[:size_steps]) * params[:step] + params[:min_size])
    end
    params[:strings].times do
      saver.delete_at(rng.rand(saver.size)) if !saver.empty? && rng.rand(100) < params[:delete_pct]
    end
    GC.start if idx % 100 == 0
  end
  saver
end

threads = Array.new(params[:threads]) { |i| Thread.new(Random.new(params[:seed] + i), &frag) }
threads.each { |t| kept << t.value }
GC.start
live = kept.sum { |saver| saver.sum(&:bytesize) }
puts "Total string size: #{live / (1024 * 1024)}MB"
BenchCommon.report("ruby-frag", start, live)

# realloc-churn (seed 001): buffers grown one element at a time while small
# long-lived objects come and go around them. In Ruby the growth policy is the
# interpreter's (Array#<< reallocates its buffer); this measures what that
# costs under each allocator. Live bytes: 8 per element plus the small objects.
require_relative "bench_common"

params = BenchCommon.parse_flags(
  ARGV,
  { buffers: 8, elems: 1_000_000, noise_every: 64, noise_keep: 4096,
    noise_max: 256, seed: 1234 },
  "realloc-churn: buffers grown one element at a time (seed 001)"
)
rng = Random.new(params[:seed])
start = BenchCommon.clock
noise = Array.new(params[:noise_keep])
head = 0
buffers = Array.new(params[:buffers]) do
  buf = []
  params[:elems].times do |n|
    buf << n
    next unless params[:noise_every] > 0 && n % params[:noise_every] == 0

    noise[head] = "n" * (16 + rng.rand(params[:noise_max]))
    head = (head + 1) % params[:noise_keep]
  end
  buf
end
GC.start
live = buffers.sum { |b| b.size * 8 } + noise.compact.sum(&:bytesize)
BenchCommon.report("ruby-realloc-churn", start, live)

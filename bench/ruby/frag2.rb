# frag2 (seed 002): threads each keep a sliding window of the last `window`
# reads of a 64 KiB file. The seed reads 100,000 times per thread; 20,000
# keep the default run under a minute on two cores and still fill the window.
require "tmpdir"
require_relative "bench_common"

params = BenchCommon.parse_flags(
  ARGV,
  { threads: 10, reads: 20_000, window: 1600, file_size: 64 * 1024 },
  "frag2: threads keep a sliding window of 64 KiB file reads (seed 002)"
)
Thread.abort_on_exception = true
path = File.join(Dir.tmpdir, "bench_frag2.#{Process.pid}.txt")
File.write(path, "x" * params[:file_size])
start = BenchCommon.clock
begin
  threads = Array.new(params[:threads]) do
    Thread.new do
      a = []
      params[:reads].times do
        a << File.open(path) { |f| f.read }
        a.shift if a.size > params[:window]
      end
      a
    end
  end
  windows = threads.map(&:value)
  live = windows.sum { |a| a.sum(&:bytesize) }
  BenchCommon.report("ruby-frag2", start, live)
ensure
  File.unlink(path)
end

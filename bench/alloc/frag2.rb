# Yusuke Endoh's frag2.rb (seed 002): threads keep a sliding window of
# 64 KiB file reads. Prints live bytes and final VmRSS/VmHWM.
THREAD_COUNT = (ARGV[0] || ENV["T"] || "10").to_i
ITER = (ENV["ITER"] || 100_000).to_i
WINDOW = 1600
tmp = "frag2-#{$$}.txt"
File.write(tmp, "x" * 1024 * 64)
Threads = []
THREAD_COUNT.times do
  Threads << Thread.new do
    a = []
    ITER.times do
      a << open(tmp) {|f| f.read }
      a.shift if a.size >= WINDOW
    end
    a
  end
end
live = 0
Threads.each {|th| live += th.value.sum(&:bytesize) }
File.delete(tmp)
puts "live_bytes: #{live}"
IO.foreach("/proc/#{$$}/status") do |line|
  print line if line =~ /VmRSS|VmHWM/
end

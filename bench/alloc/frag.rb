# Mike Perham's frag.rb (seed 000): threads keep 10% of random 97..40,087
# byte strings. Prints live string bytes and final VmRSS/VmHWM.
Thread.abort_on_exception = true
THREAD_COUNT = (ENV["T"] || 10).to_i
REQUESTS = (ENV["REQUESTS"] || 100).to_i
Threads = []
Strings = []
srand(1234)
def frag
  saver = []
  REQUESTS.times do |idx|
    1_000.times do |x|
      s = 'a' * ((rand(4000) * 10) + 97)
      saver << s
    end
    1000.times do
      saver.delete_at(rand(saver.size)) if rand < 0.9
    end
    GC.start if idx % 100 == 0
  end
  total = saver.inject(0) {|memo, str| memo += str.bytesize }
  Strings << saver
  total
end
THREAD_COUNT.times do
  Threads << Thread.new(&method(:frag))
end
strsize = 0
Threads.each do|t|
  strsize += t.value
end
Threads.clear
GC.start
puts "Total string size: #{strsize / (1024 * 1024)}MB"
puts "live_bytes: #{strsize}"
IO.foreach("/proc/#{$$}/status") do |line|
  print line if line =~ /VmRSS|VmHWM/
end

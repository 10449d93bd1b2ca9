# Smaller paths of the scan's findings: IO.select (thread.c copies the fd
# sets, rb_fd_init_copy), File.realpath through symlinks (file.c
# realpath_rec duplicates the path strings), ObjectSpace::WeakMap with many
# keys for one value (gc.c wmap_aset_update regrows the value's key list),
# and Class#clone with constants (class.c clone_const).
require_relative "../../ruby/bench_common"
require "tmpdir"

params = BenchCommon.parse_flags(ARGV, { rounds: 60_000 },
                                 "io_misc: IO.select, realpath, WeakMap, Class#clone")
n = 0
Dir.mktmpdir("io-wl") do |root|
  deep = File.join(root, *(1..8).map { |i| "p#{i}" })
  path = root
  (1..8).each { |i| path = File.join(path, "p#{i}"); Dir.mkdir(path) }
  File.symlink(deep, File.join(root, "link"))
  r, w = IO.pipe
  w.write("x" * 64)
  wm = ObjectSpace::WeakMap.new
  value = "shared value"
  keep = []
  klass = Class.new { 20.times { |i| const_set("C#{i}", i) } }
  params[:rounds].times do |i|
    n += IO.select([r], [w], nil, 0)&.first&.size.to_i
    n += File.realpath(File.join(root, "link", ".", "..", "p8")).size if i % 4 == 0
    key = Object.new
    keep << key if i % 2 == 0
    wm[key] = value
    n += klass.clone.constants.size if i % 20 == 0
  end
end
puts "io_misc: #{n}"

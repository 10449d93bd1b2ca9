# String building: <<, +, *, join, format, interpolation, and transcoding
# with a replacement string (transcode.c rb_econv_set_replacement), where
# the text has bytes that do not convert.
require_relative "../../ruby/bench_common"

params = BenchCommon.parse_flags(ARGV, { rounds: 100_000, pieces: 40 },
                                 "strings: string building and transcoding with replacement")
bytes = 0
bad = "caf\xE9 na\xEFve \xFF".dup.force_encoding("ASCII-8BIT")
params[:rounds].times do |i|
  s = +""
  params[:pieces].times { |j| s << "piece#{j}-" << i.to_s }
  t = [s, s.upcase, format("%08d|%s", i, s[0, 20])].join(",")
  bytes += (t + "!" * (i % 64)).bytesize
  bytes += bad.encode("UTF-8", invalid: :replace, undef: :replace, replace: "?").bytesize
  bytes += "#{s[0, 10]}#{i}".encode("UTF-16LE", "UTF-8", undef: :replace, replace: "*").bytesize if i % 4 == 0
end
puts "strings: #{bytes} bytes"

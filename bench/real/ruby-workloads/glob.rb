# Dir.glob over a deep tree (dir.c): recursive and brace patterns
# (join_path_from_pattern joins a brace pattern's pieces, regrowing its
# buffer), literal components (glob_helper copies each name) and magic ones.
require_relative "../../ruby/bench_common"
require "tmpdir"
require "fileutils"

params = BenchCommon.parse_flags(ARGV, { depth: 6, fanout: 3, rounds: 20 },
                                 "glob: deep Dir.glob patterns over a temporary tree")
found = 0
Dir.mktmpdir("glob-wl") do |root|
  make = lambda do |dir, level|
    return if level == params[:depth]
    params[:fanout].times do |i|
      sub = File.join(dir, "d#{level}_#{i}")
      Dir.mkdir(sub)
      File.write(File.join(sub, "f#{i}.rb"), "")
      File.write(File.join(sub, "g#{i}.txt"), "")
      make.call(sub, level + 1)
    end
  end
  make.call(root, 0)
  literal = (0...params[:depth]).map { |l| "d#{l}_1" }.join("/")
  braces = (0...params[:depth]).map { |l| "{d#{l}_0,d#{l}_2}" }.join("/")
  params[:rounds].times do
    found += Dir.glob("**/*.rb", base: root).size
    found += Dir.glob("#{root}/#{literal}/*").size
    found += Dir.glob("#{root}/#{braces}/{f,g}*").size
    found += Dir.glob("#{root}/d0_*/**/d3_?/*.{rb,txt}").size
    found += Dir.glob("#{root}/#{literal.sub(/d2_1/, 'd2_*')}/**/*").size
  end
end
puts "glob: #{found} paths"

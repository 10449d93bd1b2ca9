# Compiling code at run time (compile.c): methods with many locals and
# optional arguments (iseq_set_local_table, iseq_set_arguments), and
# instruction sequences dumped and loaded back (ibf_load_* copy the tables
# out of the binary).
require_relative "../../ruby/bench_common"

params = BenchCommon.parse_flags(ARGV, { rounds: 10_000 },
                                 "iseq: compile, to_binary and load_from_binary")
locals = (1..30).map { |i| "v#{i} = #{i}" }.join("; ")
src = <<~RUBY
  def wl_many(a, b = 1, c = 2, d = 3, *rest, e: {k: 1}, f: 5, **kw, &blk)
    #{locals}
    h = {x: 1, y: [1, 2]}
    [a, b, c, d, rest, e, f, kw, h, v1 + v30]
  end
RUBY
sum = 0
params[:rounds].times do
  iseq = RubyVM::InstructionSequence.compile(src)
  bin = iseq.to_binary
  RubyVM::InstructionSequence.load_from_binary(bin).eval
  sum += wl_many(1).size + bin.bytesize
end
puts "iseq: #{sum}"

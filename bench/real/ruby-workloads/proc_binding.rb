# Proc and binding creation (proc.c): bindings of blocks, of procs and of
# Method#to_proc (env_clone copies the method's environment), Proc#dup,
# lambdas capturing many locals, local_variable_set.
require_relative "../../ruby/bench_common"

params = BenchCommon.parse_flags(ARGV, { rounds: 400_000 },
                                 "proc_binding: procs, bindings and method procs")
class Box
  def value(x) = x * 2
end
box = Box.new
m = box.method(:value)
count = 0
params[:rounds].times do |i|
  a = i; b = i + 1; c = i + 2; d = i + 3
  pr = proc { a + b + c + d }
  count += pr.dup.call
  count += pr.binding.local_variable_get(:a)
  mp = m.to_proc
  count += mp.call(i)
  count += 1 if mp.binding.receiver.equal?(box)
  bd = binding
  bd.local_variable_set(:e, i)
  count += bd.local_variable_get(:e)
end
puts "proc_binding: #{count}"

# Regexp compilation (Oniguruma's regparse.c/regcomp.c): long literal runs
# (onig_node_str_cat appends a string node piece by piece), case-folded
# patterns (i_apply_case_fold, expand_case_fold_string), repeat ranges
# (entry_repeat_range) and exact-string optimisation (set_optimize_exact_info),
# each compiled from source text at run time, as `eval` of a literal and as
# Regexp.new, so that every round parses afresh.
require_relative "../../ruby/bench_common"

params = BenchCommon.parse_flags(ARGV, { rounds: 1_000, length: 2000 },
                                 "regexp: compile long, case-folded and ranged regexps")
rng = Random.new(7)
words = Array.new(64) { Array.new(3 + rng.rand(10)) { (97 + rng.rand(26)).chr }.join }
matched = 0
params[:rounds].times do |i|
  long = +""
  long << words[rng.rand(words.size)] << " " while long.size < params[:length]
  subject = long * 2
  re = eval("/#{Regexp.escape(long)}/")                              # a long literal
  matched += 1 if re.match?(subject)
  matched += 1 if Regexp.new(Regexp.escape(long[0, 400]), Regexp::IGNORECASE).match?(subject.upcase)
  ranged = words.first(8 + i % 8).map { |w| "(?:#{w}){1,#{2 + i % 5}}" }.join("|")
  matched += 1 if Regexp.new(ranged).match?(subject)
  alt = words.first(32).map { |w| "#{w}[a-z]{2,4}ss" }.join("|")
  matched += 1 if Regexp.new(alt, Regexp::IGNORECASE).match?(subject)
end
puts "regexp: #{params[:rounds]} rounds, #{matched} matches"

# Shared by the Ruby workloads: `--name=N` integer flags with defaults, and the
# closing report in the same RESULT format as the C workloads.
module BenchCommon
  module_function

  # Returns a hash of integer parameters: defaults overridden by
  # --name=N / --name N from argv. Exits with status 2 on a bad flag.
  def parse_flags(argv, defaults, about)
    params = defaults.dup
    args = argv.dup
    until args.empty?
      arg = args.shift
      if arg == "--help" || arg == "-h"
        puts "usage: ruby #{$PROGRAM_NAME} [--flag=N ...]\n#{about}\n\n"
        defaults.each { |k, v| puts "  --#{k.to_s.tr('_', '-')} (default #{v})" }
        exit 0
      end
      name, value = arg.sub(/\A--/, "").split("=", 2)
      key = name.tr("-", "_").to_sym
      abort_usage("unknown flag '#{arg}'") unless arg.start_with?("--") && params.key?(key)
      value ||= args.shift
      abort_usage("--#{name} needs an integer") unless value && value =~ /\A-?\d+\z/
      params[key] = Integer(value, 10)
    end
    params
  end

  def abort_usage(message)
    warn "#{$PROGRAM_NAME}: #{message} (try --help)"
    exit 2
  end

  def clock
    [Process.clock_gettime(Process::CLOCK_MONOTONIC),
     Process.clock_gettime(Process::CLOCK_PROCESS_CPUTIME_ID)]
  end

  def vm_status
    rss = hwm = nil
    IO.foreach("/proc/self/status") do |line|
      rss = line[/\d+/].to_i if line.start_with?("VmRSS:")
      hwm = line[/\d+/].to_i if line.start_with?("VmHWM:")
    end
    raise "VmRSS/VmHWM missing from /proc/self/status" unless rss && hwm
    [rss, hwm]
  end

  # Prints the human lines and the RESULT line; extra is a hash of key=value.
  def report(workload, start, live_bytes, extra = {})
    wall0, cpu0 = start
    wall1, cpu1 = clock
    rss, hwm = vm_status
    puts format("Live bytes: %d (%.1f MiB)", live_bytes, live_bytes / 1048576.0)
    puts "VmRSS: #{rss} kB", "VmHWM: #{hwm} kB"
    puts format("Wall: %.3f s, CPU: %.3f s", wall1 - wall0, cpu1 - cpu0)
    fields = extra.map { |k, v| " #{k}=#{v}" }.join
    puts format("RESULT workload=%s live_bytes=%d vmrss_kb=%d vmhwm_kb=%d wall_s=%.3f cpu_s=%.3f%s",
                workload, live_bytes, rss, hwm, wall1 - wall0, cpu1 - cpu0, fields)
    $stdout.flush
  end
end

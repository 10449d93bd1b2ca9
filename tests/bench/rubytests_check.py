"""bench/real/lib/rubytests.py reads the failures of Ruby's test logs: btest's
numbered "#N FILE:LINE" lines, test-basic's "not ok", test-all's numbered
Failure/Error blocks with the test file from the location or the backtrace
(not from the test library), and the summary line; `added` names the test
files of the failures only the second log has.
usage: rubytests_check.py SOURCE_DIR"""
import os
import subprocess
import sys
import tempfile

STOCK = """\
test_io.rb                               .....F....
#312 test_io.rb:45: expected "x" got "y"
not ok string 7 -- ./basictest/test.rb:1234
  1) Failure:
TestDir#test_glob_root [/src/test/ruby/test_dir.rb:120]:
Expected ["/"] to equal [].

  2) Error:
TestSocket#test_connect:
Errno::ECONNREFUSED: Connection refused
    /src/tool/lib/test/unit/assertions.rb:10:in `assert'
    /src/test/socket/test_socket.rb:33:in `test_connect'

Finished tests in 100.0s.
21000 tests, 2900000 assertions, 1 failures, 1 errors, 50 skips
exit 2
"""
RW = STOCK.replace("1 failures, 1 errors", "2 failures, 1 errors") + """\
  3) Failure:
TestISeq#test_load [/src/test/ruby/test_iseq.rb:9]:
boom
"""


def main():
    lib = os.path.join(sys.argv[1], "bench", "real", "lib", "rubytests.py")
    with tempfile.TemporaryDirectory() as d:
        paths = []
        for name, text in (("stock.log", STOCK), ("rw.log", RW)):
            paths.append(os.path.join(d, name))
            with open(paths[-1], "w") as f:
                f.write(text)
        sys.path.insert(0, os.path.dirname(lib))
        import rubytests
        fails, summary = rubytests.parse(paths[0])
        want = {"btest #312 test_io.rb:45": None,
                "test-basic not ok string 7 -- ./basictest/test.rb:1234": None,
                "Failure: TestDir#test_glob_root": "/src/test/ruby/test_dir.rb",
                "Error: TestSocket#test_connect": "/src/test/socket/test_socket.rb"}
        errors = []
        if fails != want:
            errors.append("failures: got %r, want %r" % (fails, want))
        if summary != {"tests": 21000, "assertions": 2900000, "failures": 1, "errors": 1, "skips": 50, "exit": 2}:
            errors.append("summary: got %r" % summary)
        added = subprocess.run([sys.executable, lib, "added"] + paths, capture_output=True, text=True).stdout
        if added.strip() != "/src/test/ruby/test_iseq.rb":
            errors.append("added: got %r" % added)
        for e in errors:
            print("error: " + e)
        print("rubytests: %d errors" % len(errors))
        return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())

"""Runs the cases of a sweep two at a time and reports them: an `ok` or
`FAIL` line per case (a failure followed by its output), then `N of M
<what> ran and matched the reference`. Returns the exit status."""
import concurrent.futures


def run_cases(cases, run, what):
    """`run(case)` returns (name, ok, output)."""
    failures = 0
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        for name, ok, output in pool.map(run, cases):
            print(("ok   " if ok else "FAIL ") + name)
            if not ok:
                failures += 1
                print(output)
    print(f"{len(cases) - failures} of {len(cases)} {what} ran and matched "
          "the reference")
    return 1 if failures else 0
